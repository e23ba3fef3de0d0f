import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import type * as Slug from "~/features/listings/slug";
import { startAppHttp, type AppHttp } from "../setup/app-http";
import { startReplicatedPostgres, type ReplicatedPostgres } from "../setup/replica";
import { testEngine } from "../setup/test-database";

/**
 * Issue #30 point 3: DATABASE_REPLICA_URLS. Anonymous visitors' search, space and city
 * pages read from a real streaming replica (started by the test); signed-in users and
 * every write use the primary. With the replica's replay paused (a lagging replica), a
 * new listing is missing from the anonymous search but present for its signed-in host.
 */
describe("DATABASE_REPLICA_URLS", () => {
  it("takes comma-separated URLs and refuses anything else by name", () => {
    expect(parseEnv({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(parseEnv({ DATABASE_REPLICA_URLS: "postgres://a/x, postgres://b/x" }).DATABASE_REPLICA_URLS).toEqual(["postgres://a/x", "postgres://b/x"]);
    expect(() => parseEnv({ DATABASE_REPLICA_URLS: "postgres://a/x,nope" })).toThrow(/DATABASE_REPLICA_URLS/);
  });
});

if (testEngine() === "postgres") {
  describe("a primary and a streaming replica", () => {
    let cluster: ReplicatedPostgres;
    let app: AppHttp;
    let db: DbModule.Db;

    beforeAll(async () => {
      cluster = await startReplicatedPostgres();
      await cluster.onPrimary("create database rentwell");
      app = await startAppHttp({
        port: 3134,
        env: { DATABASE_URL: cluster.primaryUrl("rentwell"), DATABASE_REPLICA_URLS: cluster.replicaUrl("rentwell"), LOG_LEVEL: "silent" },
      });
      db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
    });
    afterAll(async () => {
      await app?.close();
      await cluster?.stop();
    });

    it("anonymous pages read the replica, lag included; the signed-in host reads the primary", async () => {
      const users = await app.load<typeof Factories>("/tests/factories/users.ts");
      const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
      const { spacePath } = await app.load<typeof Slug>("/app/features/listings/slug.ts");
      const host = await users.createUser(db);
      const cookie = await users.sessionCookieFor(db, host.id);
      const first = await createSpace(db, { userId: host.id, title: "Replicated Studio", location: "Austin", isPublished: true });
      await cluster.caughtUp();
      const anonymous = (path: string) => fetch(`${app.baseUrl}${path}`).then(async (response) => ({ status: response.status, html: await response.text() }));
      expect((await anonymous("/explore?q=Replicated")).html).toContain("Replicated Studio");
      expect((await anonymous(spacePath(first))).status).toBe(200);

      // The replica stops replaying: what the primary writes now, it does not have yet.
      await cluster.setReplay(false);
      const second = await createSpace(db, { userId: host.id, title: "Lagging Loft", location: "Austin", isPublished: true });
      expect((await anonymous("/explore?q=Lagging")).html).not.toContain("Lagging Loft");
      expect((await anonymous(spacePath(second))).status).toBe(404);
      // Its host, signed in, reads the primary: the listing they just made is there.
      const signedIn = await fetch(`${app.baseUrl}/explore?q=Lagging`, { headers: { cookie } });
      expect(await signedIn.text()).toContain("Lagging Loft");
      expect((await fetch(`${app.baseUrl}${spacePath(second)}`, { headers: { cookie } })).status).toBe(200);

      // Replay resumes; once caught up, everyone sees it.
      await cluster.setReplay(true);
      await cluster.caughtUp();
      expect((await anonymous("/explore?q=Lagging")).html).toContain("Lagging Loft");
      expect((await anonymous(spacePath(second))).status).toBe(200);
    });
  });
}
