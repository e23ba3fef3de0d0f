import { describe, expect, it } from "vitest";
import { SPACE_TYPE_LABELS } from "~/features/listings/space-type-labels";
import { SPACE_TYPES } from "./data/catalog";

describe("SPACE_TYPE_LABELS (ADR 0298)", () => {
  it("has every seeded space type's label, in order, so each one is translated", () => {
    expect([...SPACE_TYPE_LABELS]).toEqual(SPACE_TYPES.map((type) => type.label));
  });
});
