import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testEngine } from "../../../tests/setup/test-database";
import { distanceKm } from "./coordinates";

/**
 * ADR 0222's premise, checked on the engine of this run: PGlite (with its contrib build)
 * and PostgreSQL both have cube and earthdistance, and their great-circle distance agrees
 * with ours (haversine, app/features/geo/coordinates.ts) — the choice of plain SQL was made
 * with that option really open, not for want of it.
 */
const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const PARIS = { lat: 48.8566, lng: 2.3522 };
const QUERY = `create extension if not exists cube; create extension if not exists earthdistance;`;
const DISTANCE = `select earth_distance(ll_to_earth(${CHICAGO.lat}, ${CHICAGO.lng}), ll_to_earth(${PARIS.lat}, ${PARIS.lng})) / 1000 as km`;

describe("earthdistance on this engine", () => {
  it("loads and measures the same distance as our haversine (within 0.5 %)", async () => {
    let km: number;
    if (testEngine() === "pglite") {
      const client = await PGlite.create({ extensions: { cube, earthdistance } });
      try {
        await client.exec(QUERY);
        km = Number(((await client.query<{ km: number }>(DISTANCE)).rows[0] as { km: number }).km);
      } finally {
        await client.close();
      }
    } else {
      const database = await createTestDatabase();
      try {
        await database.db.execute(sql.raw(QUERY));
        km = Number((await database.db.execute<{ km: number }>(sql.raw(DISTANCE))).rows[0]!.km);
      } finally {
        await database.drop();
      }
    }
    const ours = distanceKm(CHICAGO, PARIS);
    expect(Math.abs(km - ours) / ours).toBeLessThan(0.005);
  });
});
