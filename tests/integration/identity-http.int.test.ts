import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as SchemaModule from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import type * as Factories from "../factories/users";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #29 point 3 through the whole HTTP stack (ADR 0251): an identity photo is never
 * reachable under the public media URL — not at its key, not by a path trick — and its one
 * address answers its owner only, with no-store caching.
 */
let app: AppHttp;
let db: DbModule.Db;
let schema: typeof SchemaModule;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  app = await startAppHttp({ port: 3143 });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  schema = await app.load<typeof SchemaModule>("/app/db/schema/index.ts");
  const factories = await app.load<typeof Factories>("/tests/factories/users.ts");
  const person = async () => {
    const user = await factories.createUser(db, { signIn: false });
    return { id: user.id, cookie: await factories.sessionCookieFor(db, user.id) };
  };
  owner = await person();
  other = await person();
});
afterAll(async () => {
  await app?.close();
});

describe("private identity photos over HTTP", () => {
  it("are served at /identity/files/{id} to their owner only, and never under /media", async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } }).png().toBuffer();
    const body = new FormData();
    body.append("file", new File([new Uint8Array(photo)], "licence.png", { type: "image/png" }));
    const uploaded = await fetch(`${app.baseUrl}/api/identity/uploads?kind=document`, { method: "POST", body, headers: { cookie: owner.cookie, origin: app.baseUrl } });
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    const [row] = await db.select().from(schema.identityUploads).where(eq(schema.identityUploads.id, id));
    expect(row!.userId).toBe(owner.id);

    const own = await fetch(`${app.baseUrl}/identity/files/${id}`, { headers: { cookie: owner.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await own.arrayBuffer()).byteLength).toBeGreaterThan(0);

    for (const response of [
      await fetch(`${app.baseUrl}/identity/files/${id}`, { headers: { cookie: other.cookie } }),
      await fetch(`${app.baseUrl}/identity/files/${id}`),
      // The public media folder does not hold it: not at its key, not by climbing out of /media.
      await fetch(`${app.baseUrl}/media/${row!.storageKey}`),
      await fetch(`${app.baseUrl}/media/../identity/${row!.storageKey}`),
      await fetch(`${app.baseUrl}/media/%2e%2e/identity/${row!.storageKey}`),
      await fetch(`${app.baseUrl}/identity/${row!.storageKey}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type") ?? "").not.toContain("image/webp");
    }
  });
});
