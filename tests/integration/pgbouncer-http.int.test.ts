import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import { defaultPoolSize } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import type * as Slug from "~/features/listings/slug";
import { startAppHttp, type AppHttp } from "../setup/app-http";
import { startPgBouncer, type Bouncer } from "../setup/pgbouncer";
import { createScratchPostgres, testEngine } from "../setup/test-database";

/**
 * Issue #30 point 3: the app behind a real PgBouncer (Debian's 1.18, transaction mode),
 * with DATABASE_LISTEN_URL for the one session connection LISTEN needs and named prepared
 * statements switched off. Every request may land on another server connection.
 */
describe("database settings for scale", () => {
  it("workers × pool stays under PostgreSQL's default 100 connections, whatever the worker count", () => {
    for (let workers = 1; workers <= 64; workers++) {
      const pool = defaultPoolSize(workers);
      expect(pool).toBeGreaterThanOrEqual(2);
      expect(pool).toBeLessThanOrEqual(10);
      if (workers <= 40) expect(workers * pool).toBeLessThanOrEqual(80);
    }
    expect(parseEnv({ DATABASE_POOL_SIZE: "25", DATABASE_PREPARED_STATEMENTS: "false" })).toMatchObject({ DATABASE_POOL_SIZE: 25, DATABASE_PREPARED_STATEMENTS: false });
    expect(parseEnv({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(() => parseEnv({ DATABASE_LISTEN_URL: "not a url" })).toThrow(/DATABASE_LISTEN_URL/);
  });
});

if (testEngine() === "postgres") {
  describe("behind PgBouncer in transaction mode", () => {
    let bouncer: Bouncer;
    let database: Awaited<ReturnType<typeof createScratchPostgres>>;
    let app: AppHttp;
    let db: DbModule.Db;

    beforeAll(async () => {
      bouncer = await startPgBouncer();
      database = await createScratchPostgres("rentwell_bouncer");
      app = await startAppHttp({
        port: 3139,
        env: {
          DATABASE_URL: bouncer.url(database.name),
          DATABASE_LISTEN_URL: database.url,
          DATABASE_PREPARED_STATEMENTS: "false",
          DATABASE_POOL_SIZE: "6",
          LOG_LEVEL: "silent",
        },
      });
      db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
    });
    afterAll(async () => {
      await app?.close();
      await bouncer?.stop();
      await database?.drop();
    });

    it("migrates, signs in, serves pages with their prepared queries, holds a booking and streams live updates", async () => {
      // The app's pool connects through the bouncer.
      expect(await bouncer.clients(database.name)).toBeGreaterThan(0);
      const users = await app.load<typeof Factories>("/tests/factories/users.ts");
      const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
      const host = await users.createUser(db);
      const guest = await users.createUser(db);
      const cookie = await users.sessionCookieFor(db, guest.id);
      const space = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC", title: "Pooled Studio", isPublished: true });
      const { spacePath } = await app.load<typeof Slug>("/app/features/listings/slug.ts");

      // The signed-in pages run the session and space queries many times, on whichever
      // server connection the bouncer picks: a named statement would be missing on most.
      for (let round = 0; round < 8; round++) {
        const pages = await Promise.all(["/", "/explore", spacePath(space), "/dashboard"].map((path) => fetch(`${app.baseUrl}${path}`, { headers: { cookie } })));
        expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
        expect(await pages[2]!.text()).toContain("Pooled Studio");
      }

      const start = new Date();
      start.setUTCHours(10, 0, 0, 0);
      start.setUTCDate(start.getUTCDate() + 2);
      const hold = await fetch(`${app.baseUrl}/api/bookings/payment-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie, "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ spaceId: space.id, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" }),
      });
      expect(hold.status).toBe(200);

      // LISTEN on its own session connection (the stream answers once it listens): a
      // listing's change reaches an open stream.
      const controller = new AbortController();
      const stream = await fetch(`${app.baseUrl}/api/live?topics=spaces`, { signal: controller.signal });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let text = "";
      const heard = (async () => {
        while (!text.includes(space.id)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      })();
      await db.execute(sql`update spaces set title = 'Pooled Studio, renamed' where id = ${space.id}`);
      await heard;
      controller.abort();
      expect(text).toContain(space.id);
    });
  });
}
