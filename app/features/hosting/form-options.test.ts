import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { loadFormOptions } from "./listings.server";

afterEach(() => vi.restoreAllMocks());

/** A database whose every query fails, as when the connection is lost. */
const brokenDb = {
  select: () => {
    throw new Error("connection terminated");
  },
} as unknown as Db;

describe("loadFormOptions", () => {
  it("reports each list that could not be read with docs/product.md#error-texts, and never throws", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const options = await loadFormOptions(brokenDb);
    expect(options).toEqual({
      categories: [],
      spaceTypes: [],
      optionErrors: { categories: "Failed to fetch categories", spaceTypes: "Failed to fetch space types" },
    });
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
