import { describe, expect, it } from "vitest";
import { wantsDemoData } from "./demo-data";

describe("whether a start loads the demo data", () => {
  it("loads it into an embedded database outside production, unless SEED_DEMO_DATA says no", () => {
    expect(wantsDemoData({ isProduction: false, SEED_DEMO_DATA: undefined }, "pglite")).toBe(true);
    expect(wantsDemoData({ isProduction: false, SEED_DEMO_DATA: false }, "pglite")).toBe(false);
  });

  it("never loads it into PostgreSQL or production unless SEED_DEMO_DATA=true", () => {
    expect(wantsDemoData({ isProduction: false, SEED_DEMO_DATA: undefined }, "postgres")).toBe(false);
    expect(wantsDemoData({ isProduction: true, SEED_DEMO_DATA: undefined }, "pglite")).toBe(false);
    expect(wantsDemoData({ isProduction: true, SEED_DEMO_DATA: true }, "postgres")).toBe(true);
  });
});
