import { count, eq } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spaces, spaceTypes } from "~/db/schema/index";
import { localStorage, setMediaStorage } from "~/features/media/storage.server";
import type * as DbModule from "~/lib/db.server";
import { readToast } from "~/lib/flash.server";
import { createUser, sessionCookieFor } from "#tests/factories/users";
import { listingFormFields } from "#tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const createListing = await import("./create-listing");
const editListing = await import("./edit-listing");
const myListings = await import("./my-listings");
const uploads = await import("./api.media-uploads");
const availability = await import("./api.space-availability");
const spaceTypesRoute = await import("./api.space-types");

let database: TestDatabase;
let mediaRoot: string;
let ownerCookie: string;
let strangerCookie: string;
let ownerSpaceId: string;
let adminCookie: string;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} as never, unstable_pattern: "" }) as never;

function post(url: string, cookie: string | null, body: FormData | Record<string, string>, method = "POST") {
  const form = body instanceof FormData ? body : Object.entries(body).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
  return new Request(`http://localhost${url}`, { method, body: form, headers: cookie ? { cookie } : {} });
}

const listingFields = listingFormFields();

/** The flash message a redirect leaves for the next page (the cookie the browser would send back). */
async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("rw_flash="));
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }))).toast;
}

async function thrown(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

/** Data-with-status results of actions (react-router `data()`). */
const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status ?? 200;
const bodyOf = <T,>(result: unknown) => ((result as { data?: T }).data ?? result) as T;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  mediaRoot = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-routes-"));
  setMediaStorage(localStorage(mediaRoot));
  const owner = await createUser(database.db);
  const stranger = await createUser(database.db);
  ownerCookie = await sessionCookieFor(database.db, owner.id);
  strangerCookie = await sessionCookieFor(database.db, stranger.id);
  const admin = await createUser(database.db, { isAdmin: true });
  adminCookie = await sessionCookieFor(database.db, admin.id);
  await database.db.insert(spaceTypes).values({ name: "studio", label: "Studio" });
  const [row] = await database.db
    .insert(spaces)
    .values({ userId: owner.id, title: "Owner's space", description: "d", type: "studio", location: "Austin", country: "US" })
    .returning({ id: spaces.id });
  ownerSpaceId = row!.id;
});

afterAll(async () => {
  setMediaStorage(undefined);
  await database.drop();
  await fs.rm(mediaRoot, { recursive: true, force: true });
});

describe("hosting routes", () => {
  it("send signed-out visitors to /", async () => {
    for (const call of [
      () => createListing.loader(args(new Request("http://localhost/create-listing"))),
      () => myListings.loader(args(new Request("http://localhost/my-listings"))),
      () => editListing.loader(args(new Request(`http://localhost/edit-listing/${ownerSpaceId}`), { id: ownerSpaceId })),
      () => createListing.action(args(post("/create-listing", null, listingFields))),
    ]) {
      const response = (await thrown(call())) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("create: valid input redirects to my listings; bad input is a 400 with field messages", async () => {
    const ok = (await createListing.action(args(post("/create-listing", ownerCookie, listingFields)))) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/my-listings");
    expect(await toastOf(ok)).toEqual({ tone: "success", message: "Listing saved." });
    const bad = await createListing.action(args(post("/create-listing", ownerCookie, { ...listingFields, capacity: "0", hourlyPrice: "-1" })));
    expect(statusOf(bad)).toBe(400);
    expect(bodyOf<{ fieldErrors: Record<string, string> }>(bad).fieldErrors).toMatchObject({
      capacity: "Capacity must be at least 1",
      hourlyPrice: "Hourly rate cannot be negative",
    });
  });

  it("edit: another user's or a missing listing redirects to /my-listings with 'Failed to fetch listing'", async () => {
    for (const id of [ownerSpaceId, "00000000-0000-4000-8000-000000000000", "nonsense"]) {
      const response = (await thrown(
        editListing.loader(args(new Request(`http://localhost/edit-listing/${id}`, { headers: { cookie: strangerCookie } }), { id })),
      )) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/my-listings");
      expect(await toastOf(response)).toEqual({ tone: "error", message: "Failed to fetch listing" });
    }
    const result = await editListing.action(
      args(post(`/edit-listing/${ownerSpaceId}`, strangerCookie, { ...listingFields, title: "Hijacked" }), { id: ownerSpaceId }),
    );
    expect(statusOf(result)).toBe(404);
    const [row] = await database.db.select({ title: spaces.title }).from(spaces).where(eq(spaces.id, ownerSpaceId));
    expect(row!.title).toBe("Owner's space");
  });

  it("toggles: another user's listing gets 404 and nothing changes; bad bodies get 400", async () => {
    const toggle = await myListings.action(args(post("/my-listings", strangerCookie, { intent: "availability", spaceId: ownerSpaceId, value: "false" })));
    expect(statusOf(toggle)).toBe(404);
    const publish = await myListings.action(args(post("/my-listings", strangerCookie, { intent: "publish", spaceId: ownerSpaceId, value: "true" })));
    expect(statusOf(publish)).toBe(404);
    const direct = await availability.action(args(post(`/api/spaces/${ownerSpaceId}/availability`, strangerCookie, { available: "false" }), { id: ownerSpaceId }));
    expect(statusOf(direct)).toBe(404);
    const bad = await myListings.action(args(post("/my-listings", ownerCookie, { intent: "delete-everything", spaceId: ownerSpaceId, value: "x" })));
    expect(statusOf(bad)).toBe(400);
    const [row] = await database.db.select({ available: spaces.available, isPublished: spaces.isPublished }).from(spaces).where(eq(spaces.id, ownerSpaceId));
    expect(row).toEqual({ available: true, isPublished: false });

    const mine = await myListings.action(args(post("/my-listings", ownerCookie, { intent: "publish", spaceId: ownerSpaceId, value: "true" })));
    expect(statusOf(mine)).toBe(400);
    expect(bodyOf<{ error: string }>(mine).error).toBe("Complete address is required to publish a listing");
    const owned = await availability.action(args(post(`/api/spaces/${ownerSpaceId}/availability`, ownerCookie, { available: "false" }), { id: ownerSpaceId }));
    expect(bodyOf<{ ok: boolean; available: boolean }>(owned)).toMatchObject({ ok: true, available: false });
  });

  it("uploads: 401 signed out, stored for the owner, refused by content with the file named", async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#123456" } }).png().toBuffer();
    const form = () => {
      const f = new FormData();
      f.append("files", new File([new Uint8Array(png)], "room.png", { type: "image/png" }));
      return f;
    };
    expect(statusOf(await uploads.action(args(post("/api/media/uploads", null, form()))))).toBe(401);
    const ok = bodyOf<{ files: Array<{ url: string }> }>(await uploads.action(args(post("/api/media/uploads", ownerCookie, form()))));
    expect(ok.files[0]!.url).toMatch(/^\/media\/.+\.webp$/);
    const fake = new FormData();
    fake.append("files", new File(["not an image"], "room.jpg", { type: "image/jpeg" }));
    const refused = await uploads.action(args(post("/api/media/uploads", ownerCookie, fake)));
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf<{ error: string }>(refused).error).toContain('"room.jpg" is not a supported file');
    // In the language of the page that sent it (its Referer, issue #31), the file still named.
    const fromSpanishPage = post("/api/media/uploads", ownerCookie, fake);
    fromSpanishPage.headers.set("Referer", "http://localhost/es/my-listings/new");
    const spanish = await uploads.action(args(fromSpanishPage));
    expect(statusOf(spanish)).toBe(400);
    expect(bodyOf<{ error: string }>(spanish).error).toBe("«room.jpg» no es un archivo compatible. Sube imágenes JPEG, PNG, WebP, GIF o AVIF, o videos MP4, WebM o MOV.");
    // Someone else cannot delete the owner's upload.
    const del = await uploads.action(args(post("/api/media/uploads", strangerCookie, { url: ok.files[0]!.url }, "DELETE")));
    expect(statusOf(del)).toBe(404);
  });

  it("space types: adds one (name lowercased) and refuses an empty label", async () => {
    const added = bodyOf<{ spaceType: { name: string; label: string } }>(
      await spaceTypesRoute.action(args(post("/api/space-types", ownerCookie, { label: "Rooftop Terrace" }))),
    );
    expect(added.spaceType).toMatchObject({ name: "rooftop-terrace", label: "Rooftop Terrace" });
    const empty = await spaceTypesRoute.action(args(post("/api/space-types", ownerCookie, { label: " " })));
    expect(statusOf(empty)).toBe(400);
    expect(statusOf(await spaceTypesRoute.action(args(post("/api/space-types", null, { label: "Boat" }))))).toBe(401);
  });

  it("media: another user's upload URL in a create or edit form gets 403, stores nothing and leaves the file", async () => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#abcdef" } }).png().toBuffer();
    const upload = new FormData();
    upload.append("files", new File([new Uint8Array(png)], "owner.png", { type: "image/png" }));
    const ownerUrl = bodyOf<{ files: Array<{ url: string }> }>(await uploads.action(args(post("/api/media/uploads", ownerCookie, upload)))).files[0]!.url;
    const [{ n: before }] = (await database.db.select({ n: count() }).from(spaces)) as [{ n: number }];

    const form = new FormData();
    for (const [key, value] of Object.entries({ ...listingFields, title: "Borrowed photo" })) form.append(key, value);
    form.append("images", ownerUrl);
    const created = await createListing.action(args(post("/create-listing", strangerCookie, form)));
    expect(statusOf(created)).toBe(403);
    expect(bodyOf<{ fieldErrors: { images?: string } }>(created).fieldErrors.images).toBe("This image is not one of your uploads; upload it again.");

    const strangerSpace = (await createListing.action(args(post("/create-listing", strangerCookie, { ...listingFields, title: "Stranger's own" })))) as Response;
    expect(strangerSpace.status).toBe(302);
    const [{ id: strangerSpaceId }] = (await database.db.select({ id: spaces.id }).from(spaces).where(eq(spaces.title, "Stranger's own"))) as [{ id: string }];
    const editForm = new FormData();
    for (const [key, value] of Object.entries({ ...listingFields, title: "Stranger's own" })) editForm.append(key, value);
    editForm.append("images", ownerUrl);
    const edited = await editListing.action(args(post(`/edit-listing/${strangerSpaceId}`, strangerCookie, editForm), { id: strangerSpaceId }));
    expect(statusOf(edited)).toBe(403);

    const [{ n: after }] = (await database.db.select({ n: count() }).from(spaces)) as [{ n: number }];
    expect(after).toBe(before + 1);
    const [stranger] = await database.db.select({ images: spaces.images }).from(spaces).where(eq(spaces.id, strangerSpaceId));
    expect(stranger!.images).toEqual([]);
    const key = ownerUrl.replace(/^\/media\//, "");
    await expect(fs.stat(path.join(mediaRoot, key))).resolves.toBeTruthy();
  });

  it("an admin has no write power over another user's listing (docs/decisions/0053)", async () => {
    const [before] = await database.db.select().from(spaces).where(eq(spaces.id, ownerSpaceId));
    const edit = await editListing.action(
      args(post(`/edit-listing/${ownerSpaceId}`, adminCookie, { ...listingFields, title: "Admin edit" }), { id: ownerSpaceId }),
    );
    expect(statusOf(edit)).toBe(404);
    const toggle = await myListings.action(args(post("/my-listings", adminCookie, { intent: "availability", spaceId: ownerSpaceId, value: String(!before!.available) })));
    expect(statusOf(toggle)).toBe(404);
    const direct = await availability.action(
      args(post(`/api/spaces/${ownerSpaceId}/availability`, adminCookie, { available: String(!before!.available) }), { id: ownerSpaceId }),
    );
    expect(statusOf(direct)).toBe(404);
    const loader = (await thrown(
      editListing.loader(args(new Request(`http://localhost/edit-listing/${ownerSpaceId}`, { headers: { cookie: adminCookie } }), { id: ownerSpaceId })),
    )) as Response;
    expect(loader.headers.get("location")).toBe("/my-listings");
    expect(await toastOf(loader)).toEqual({ tone: "error", message: "Failed to fetch listing" });
    const [after] = await database.db.select().from(spaces).where(eq(spaces.id, ownerSpaceId));
    expect(after).toEqual(before);
  });

  it("bodies that are not forms, and malformed ids, get a 4xx with the documented message, never a 500", async () => {
    const json = (url: string) =>
      new Request(`http://localhost${url}`, { method: "POST", body: '{"title":"x"}', headers: { cookie: ownerCookie, "content-type": "application/json" } });
    const created = await createListing.action(args(json("/create-listing")));
    expect(statusOf(created)).toBe(400);
    expect(bodyOf<{ formError: string }>(created).formError).toMatch(/^Failed to create listing/);
    const edited = await editListing.action(args(json(`/edit-listing/${ownerSpaceId}`), { id: ownerSpaceId }));
    expect(statusOf(edited)).toBe(400);
    expect(bodyOf<{ formError: string }>(edited).formError).toMatch(/^Failed to update listing/);
    expect(statusOf(await myListings.action(args(json("/my-listings"))))).toBe(400);
    const toggled = await availability.action(args(json(`/api/spaces/${ownerSpaceId}/availability`), { id: ownerSpaceId }));
    expect(statusOf(toggled)).toBe(400);
    expect(bodyOf<{ error: string }>(toggled).error).toBe("Failed to update availability");
    expect(statusOf(await spaceTypesRoute.action(args(json("/api/space-types"))))).toBe(400);

    const publish = await myListings.action(args(post("/my-listings", ownerCookie, { intent: "publish", spaceId: ownerSpaceId, value: "maybe" })));
    expect(bodyOf<{ error: string }>(publish).error).toBe("Failed to update publish status");
    for (const id of ["nonsense", "%", "'", "00000000-0000-0000-0000-00000000000g", "x".repeat(10_000)]) {
      const result = await availability.action(args(post(`/api/spaces/x/availability`, ownerCookie, { available: "true" }), { id }));
      expect(statusOf(result)).toBe(404);
      const fromList = await myListings.action(args(post("/my-listings", ownerCookie, { intent: "availability", spaceId: id, value: "true" })));
      expect([400, 404]).toContain(statusOf(fromList));
    }
    const edit = await editListing.action(args(post("/edit-listing/%27", ownerCookie, listingFields), { id: "'" }));
    expect(statusOf(edit)).toBe(404);
  });

  it("space types: control characters are dropped, and one user may add at most 20 an hour", async () => {
    const added = bodyOf<{ spaceType: { name: string; label: string } }>(
      await spaceTypesRoute.action(args(post("/api/space-types", strangerCookie, { label: "Boat\u0000 House" }))),
    );
    expect(added.spaceType).toMatchObject({ name: "boat-house", label: "Boat House" });
    // An existing type does not count; new ones do (19 more, then refused).
    await spaceTypesRoute.action(args(post("/api/space-types", strangerCookie, { label: "Boat House" })));
    for (let i = 0; i < 19; i++) {
      const result = await spaceTypesRoute.action(args(post("/api/space-types", strangerCookie, { label: `Limit type ${i}` })));
      expect(statusOf(result)).toBe(200);
    }
    const refused = await spaceTypesRoute.action(args(post("/api/space-types", strangerCookie, { label: "One too many" })));
    expect(statusOf(refused)).toBe(429);
    expect(bodyOf<{ error: string }>(refused).error).toMatch(/^Failed to add space type: too many new types/);
    const [row] = await database.db.select().from(spaceTypes).where(eq(spaceTypes.name, "one-too-many"));
    expect(row).toBeUndefined();
  });

  it("uploads: malformed multipart, wrong field names, odd counts and bogus deletes are 4xx, never a 500", async () => {
    const raw = (body: string, contentType: string, query = "") =>
      new Request(`http://localhost/api/media/uploads${query}`, { method: "POST", body, headers: { cookie: ownerCookie, "content-type": contentType } });
    const broken = await uploads.action(args(raw("--x\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.png\"\r\n\r\nabc", "multipart/form-data; boundary=x")));
    expect([400, 413]).toContain(statusOf(broken));
    const noBoundary = await uploads.action(args(raw("abc", "multipart/form-data")));
    expect(statusOf(noBoundary)).toBe(400);
    const json = await uploads.action(args(raw("{}", "application/json")));
    expect(statusOf(json)).toBe(415);

    const wrongField = new FormData();
    wrongField.append("photo", new File(["x"], "a.png"));
    const none = await uploads.action(args(post("/api/media/uploads?images=abc&videos=-1", ownerCookie, wrongField)));
    expect(statusOf(none)).toBe(400);
    expect(bodyOf<{ error: string }>(none).error).toBe("Choose at least one image or video to upload.");

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    const full = new FormData();
    full.append("files", new File([new Uint8Array(png)], "21st.png"));
    const tooMany = await uploads.action(args(post("/api/media/uploads?images=20", ownerCookie, full)));
    expect(statusOf(tooMany)).toBe(400);
    expect(bodyOf<{ error: string }>(tooMany).error).toBe("A listing can have at most 20 images; you can add 0 more.");
    // From an Arabic page, with 18 images held: the third of three is refused, "two more" in Arabic's dual.
    const three = new FormData();
    for (const name of ["19th.png", "20th.png", "21st.png"]) three.append("files", new File([new Uint8Array(png)], name));
    const fromArabicPage = post("/api/media/uploads?images=18", ownerCookie, three);
    fromArabicPage.headers.set("Referer", "http://localhost/ar/my-listings/new");
    const arabic = await uploads.action(args(fromArabicPage));
    expect(statusOf(arabic)).toBe(400);
    expect(bodyOf<{ error: string }>(arabic).error).toBe("يمكن أن يضم الإعلان 20 صورة على الأكثر؛ يمكنك إضافة صورتين أخريين.");

    for (const url of ["", "/media/../../etc/passwd", "https://evil.example/x.webp", "%", "x".repeat(10_000)]) {
      const result = await uploads.action(args(post("/api/media/uploads", ownerCookie, { url }, "DELETE")));
      expect([400, 404]).toContain(statusOf(result));
    }
    expect(statusOf(await uploads.action(args(post("/api/media/uploads", ownerCookie, {}, "PUT"))))).toBe(405);
    expect(statusOf(await availability.action(args(post(`/api/spaces/${ownerSpaceId}/availability`, null, { available: "true" }), { id: ownerSpaceId })))).toBe(401);
  });
});
