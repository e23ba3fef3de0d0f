import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { listingTranslations } from "~/db/schema/listing-translations";
import { wishlists } from "~/db/schema/wishlists";
import { WISHLIST_TEXT } from "~/features/wishlists/wishlist-text";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * The wishlist routes as a browser calls them (issue #27 "Bad input"): signed out, a
 * 10 000-character name, someone else's list, an unpublished listing, a body over the
 * cap, bad dates — a clear message, a 401/404/413, never a 500, and nothing stored.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const api = await import("./api.wishlists");
const page = await import("./wishlists");
const shared = await import("./shared-wishlist");
const savedApi = await import("./api.saved-searches");

let database: TestDatabase;
const people = {} as Record<"guest" | "other", { id: string; cookie: string }>;
let spaceId: string;
let draftId: string;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never, unstable_pattern: "" }) as never;
const post = (url: string, cookie: string | null, fields: Record<string, string>, json = true) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(json ? { Accept: "application/json" } : {}), ...(cookie ? { cookie } : {}) },
  });
const get = (url: string, cookie: string | null) => new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });

type DataResult = { data?: unknown; init?: { status?: number } };
async function run(fn: (a: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn(args(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown;
    throw thrown;
  }
}
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as DataResult).init?.status ?? 200));
const bodyOf = async (result: unknown) => (result instanceof Response ? await result.json() : ((result && typeof result === "object" && "init" in result ? (result as DataResult).data : result) as Record<string, unknown>));

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  for (const who of ["guest", "other"] as const) {
    const user = await createUser(database.db, { signIn: false });
    people[who] = { id: user.id, cookie: await sessionCookieFor(database.db, user.id) };
  }
  const host = await createUser(database.db, { signIn: false });
  spaceId = (await createSpace(database.db, { userId: host.id, title: "Harbor Loft" })).id;
  draftId = (await createSpace(database.db, { userId: host.id, title: "Draft", isPublished: false })).id;
});
afterAll(() => database.drop());

describe("/api/wishlists", () => {
  it("signed out: 401 with the sign-in message as JSON, a toast and back without JavaScript; the GET says signed out", async () => {
    const json = await run(api.action, post("/api/wishlists", null, { intent: "save", spaceId }));
    expect(statusOf(json)).toBe(401);
    expect(await bodyOf(json)).toMatchObject({ ok: false, error: WISHLIST_TEXT.signInToSave });
    const plain = (await run(api.action, post("/api/wishlists", null, { intent: "save", spaceId, returnTo: "/explore?q=x" }, false))) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/explore?q=x");
    expect(await bodyOf(await run(api.loader, get("/api/wishlists", null)))).toEqual({ signedIn: false });
    expect(await database.db.select().from(wishlists)).toEqual([]);
  });

  it("saves, lists with the saved flag, refuses bad input with clear messages and never answers 500", async () => {
    const saved = await run(api.action, post("/api/wishlists", people.guest.cookie, { intent: "save", spaceId }));
    expect(await bodyOf(saved)).toMatchObject({ ok: true, message: "Saved to Favorites" });
    expect(await bodyOf(await run(api.loader, get("/api/wishlists", people.guest.cookie)))).toEqual({ signedIn: true, savedIds: [spaceId] });
    const lists = (await bodyOf(await run(api.loader, get(`/api/wishlists?spaceId=${spaceId}`, people.guest.cookie)))) as { lists: Array<{ name: string; saved: boolean }> };
    expect(lists.lists).toEqual([expect.objectContaining({ name: "Favorites", saved: true })]);

    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "create", name: "x".repeat(10_000) }, 400, WISHLIST_TEXT.nameTooLong],
      [{ intent: "create", name: "" }, 400, WISHLIST_TEXT.nameRequired],
      [{ intent: "save", spaceId: draftId }, 404, WISHLIST_TEXT.listingNotFound],
      [{ intent: "save", spaceId: "../../etc/passwd" }, 404, WISHLIST_TEXT.listingNotFound],
      [{ intent: "save", spaceId, wishlistId: "not-an-id" }, 404, WISHLIST_TEXT.notFound],
      [{ intent: "fly" }, 400, "Unknown action."],
    ];
    for (const [fields, status, error] of cases) {
      const result = await run(api.action, post("/api/wishlists", people.guest.cookie, fields));
      expect(statusOf(result), JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(await bodyOf(result)).toMatchObject({ ok: false, error });
    }
    // Someone else's list: not found, and nothing lands in it.
    const [mine] = await database.db.select().from(wishlists);
    const intrusion = await run(api.action, post("/api/wishlists", people.other.cookie, { intent: "save", spaceId, wishlistId: mine!.id }));
    expect(statusOf(intrusion)).toBe(404);
    expect(await bodyOf(await run(api.loader, get("/api/wishlists", people.other.cookie)))).toEqual({ signedIn: true, savedIds: [] });
  });

  it("refuses a body over the small-form cap with 413", async () => {
    const result = await run(api.action, post("/api/wishlists", people.guest.cookie, { intent: "create", name: "x".repeat(40 * 1024) }));
    expect(statusOf(result)).toBe(413);
  });
});

describe("/wishlists and the shared page", () => {
  it("keeps a 10 000-character name out with the message beside the field; another person's list id is a message, not their list", async () => {
    const long = await run(page.action, post("/wishlists", people.guest.cookie, { intent: "create", name: "y".repeat(10_000) }, false));
    expect(statusOf(long)).toBe(400);
    expect(await bodyOf(long)).toMatchObject({ ok: false, intent: "create", fieldErrors: { name: WISHLIST_TEXT.nameTooLong } });

    const made = (await run(page.action, post("/wishlists", people.other.cookie, { intent: "create", name: "Secret" }, false))) as Response;
    expect(made.status).toBe(302);
    const otherListId = new URL(made.headers.get("location")!, "http://localhost").searchParams.get("list")!;
    const foreign = await run(page.loader, get(`/wishlists?list=${otherListId}`, people.guest.cookie));
    expect(statusOf(foreign)).toBe(404);
    const view = (await bodyOf(foreign)) as { listMissing: boolean; list: { name: string } | null };
    expect(view.listMissing).toBe(true);
    expect(view.list?.name).not.toBe("Secret");
    // Deleting it as someone else changes nothing.
    await run(page.action, post("/wishlists", people.guest.cookie, { intent: "delete", id: otherListId }, false));
    const still = (await bodyOf(await run(page.loader, get(`/wishlists?list=${otherListId}`, people.other.cookie)))) as { list: { name: string } };
    expect(still.list.name).toBe("Secret");

    const bad = (await bodyOf(await run(page.loader, get("/wishlists?from=2026-13-45", people.guest.cookie)))) as { datesError: string };
    expect(bad.datesError).toBe(WISHLIST_TEXT.datesInvalid);
    const signedOut = (await run(page.loader, get("/wishlists", null))) as Response;
    expect(signedOut.status).toBe(302);
  });

  it("shows a shared list to anyone and answers 404 for a wrong token", async () => {
    const made = (await run(page.action, post("/wishlists", people.guest.cookie, { intent: "create", name: "Share me" }, false))) as Response;
    const id = new URL(made.headers.get("location")!, "http://localhost").searchParams.get("list")!;
    await run(page.action, post("/wishlists", people.guest.cookie, { intent: "share", id }, false));
    const view = (await bodyOf(await run(page.loader, get(`/wishlists?list=${id}`, people.guest.cookie)))) as { shareUrl: string };
    const token = view.shareUrl.split("/").pop()!;
    const open = await run(shared.loader, get(`/wishlists/shared/${token}`, null), { token });
    expect(await bodyOf(open)).toMatchObject({ list: { name: "Share me" } });
    expect(statusOf(await run(shared.loader, get("/wishlists/shared/nope", null), { token: "nope" }))).toBe(404);
  });
});

describe("hosts' translations on the wishlist pages (issue #31 point 5, ADR 0295)", () => {
  it("shows the saved listing's title in the page's language on /wishlists and on the shared page; English keeps the host's own", async () => {
    const reader = await createUser(database.db, { signIn: false });
    const cookie = await sessionCookieFor(database.db, reader.id);
    await run(api.action, post("/api/wishlists", cookie, { intent: "save", spaceId }));
    await database.db.insert(listingTranslations).values([
      { spaceId, locale: "es", title: "Desván del puerto", description: "Luz todo el día" },
      { spaceId, locale: "fr", title: "Loft du port", description: "Lumineux" },
    ]);
    type View = { list: { id: string; spaces: Array<{ id: string; title: string; translatedTitle?: string }> }; shareUrl: string | null };
    const spanish = (await bodyOf(await run(page.loader, get("/es/wishlists", cookie)))) as View;
    expect(spanish.list.spaces).toEqual([expect.objectContaining({ id: spaceId, title: "Harbor Loft", translatedTitle: "Desván del puerto" })]);
    const english = (await bodyOf(await run(page.loader, get("/wishlists", cookie)))) as View;
    expect(english.list.spaces[0]).toMatchObject({ title: "Harbor Loft" });
    expect(english.list.spaces[0]!.translatedTitle).toBeUndefined();
    // Unprefixed, the member's saved language is the page's (ADR 0296).
    await database.db.update(users).set({ preferredLanguage: "fr" }).where(eq(users.id, reader.id));
    const french = (await bodyOf(await run(page.loader, get("/wishlists", cookie)))) as View;
    expect(french.list.spaces[0]!.translatedTitle).toBe("Loft du port");

    await run(page.action, post("/wishlists", cookie, { intent: "share", id: spanish.list.id }, false));
    const token = ((await bodyOf(await run(page.loader, get("/wishlists", cookie)))) as View).shareUrl!.split("/").pop()!;
    const sharedSpanish = (await bodyOf(await run(shared.loader, get(`/es/wishlists/shared/${token}`, null), { token }))) as View;
    expect(sharedSpanish.list.spaces[0]).toMatchObject({ title: "Harbor Loft", translatedTitle: "Desván del puerto" });
    const sharedJapanese = (await bodyOf(await run(shared.loader, get(`/ja/wishlists/shared/${token}`, null), { token }))) as View;
    expect(sharedJapanese.list.spaces[0]!.translatedTitle).toBeUndefined();
    await database.db.delete(listingTranslations);
  });
});

describe("/api/saved-searches", () => {
  it("saves for the signed-in guest and refuses signed-out, duplicate and bad searches with their messages", async () => {
    expect(statusOf(await run(savedApi.action, post("/api/saved-searches", null, { query: "?q=loft" })))).toBe(401);
    expect(await bodyOf(await run(savedApi.action, post("/api/saved-searches", people.guest.cookie, { query: "?q=loft" })))).toMatchObject({ ok: true });
    const again = await run(savedApi.action, post("/api/saved-searches", people.guest.cookie, { query: "q=loft" }));
    expect(statusOf(again)).toBe(409);
    const past = await run(savedApi.action, post("/api/saved-searches", people.guest.cookie, { query: "q=loft&date=2001-01-01" }));
    expect(statusOf(past)).toBe(400);
    const plain = (await run(savedApi.action, post("/api/saved-searches", people.guest.cookie, { query: "?q=boat" }, false))) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/explore?q=boat");
  });
});
