import { eq } from "drizzle-orm";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profileLinks, profiles, profileUpdates } from "~/db/schema/index";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { localStorage, setMediaStorage, type MediaStorage } from "~/features/media/storage.server";
import type * as DbModule from "~/lib/db.server";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { MAX_PROFILE_LINKS } from "~/features/profiles/profile-form";

/**
 * Issue #14 items 1 and 2: the /profile action, the avatar and banner endpoint and the
 * public host page, called as the server calls them, on both engines.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const profileRoute = await import("./profile");
const imagesRoute = await import("../profiles/api.profile-images");
const hostRoute = await import("../profiles/host-page");

let database: TestDatabase;
let root: string;
let storage: MediaStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-profile-images-"));
  storage = localStorage(root);
  setMediaStorage(storage);
});

afterAll(async () => {
  setMediaStorage(undefined);
  await fs.rm(root, { recursive: true, force: true });
  await database.drop();
});

type Result = { status: number; body: Record<string, unknown>; headers: Headers };

/** Runs the /profile action as a form post from `cookie`. */
async function post(cookie: string, fields: Record<string, string>): Promise<Result> {
  const request = new Request("http://localhost/profile", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = (await profileRoute.action({ request, params: {}, context: {} } as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, body: {}, headers: answer.headers };
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers() };
}

async function member(fullName: string | null = null) {
  const user = await createUser(database.db, { fullName });
  return { ...user, cookie: await sessionCookieFor(database.db, user.id) };
}

async function profileOf(id: string) {
  const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function linksOf(id: string) {
  return database.db
    .select({ id: profileLinks.id, title: profileLinks.title, url: profileLinks.url, displayOrder: profileLinks.displayOrder })
    .from(profileLinks)
    .where(eq(profileLinks.profileId, id))
    .orderBy(profileLinks.displayOrder);
}

describe("the profile form (docs/product.md#profile)", () => {
  it("stores normalised details, keeps markup as text, and answers with 'Profile updated successfully!'", async () => {
    const maya = await member();
    const result = await post(maya.cookie, {
      intent: "profile",
      fullName: "  Maya <script>alert(1)</script> ",
      bio: "Hosting since 2019.\n<img src=x onerror=alert(1)>",
      website: "maya.example.com/studio",
      location: "Tampa, FL",
      instagram: "@maya.studio",
      twitter: "https://twitter.com/maya",
      facebook: "maya.chen",
      linkedin: "https://www.linkedin.com/in/maya-chen/",
      youtube: "mayastudio",
      tiktok: "",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/profile");
    expect(result.headers.get("set-cookie")).toContain("rw_flash=");
    const row = await profileOf(maya.id);
    expect(row).toMatchObject({
      fullName: "Maya <script>alert(1)</script>",
      bio: "Hosting since 2019.\n<img src=x onerror=alert(1)>",
      website: "https://maya.example.com/studio",
      location: "Tampa, FL",
      instagram: "https://www.instagram.com/maya.studio",
      twitter: "https://twitter.com/maya",
      facebook: "https://www.facebook.com/maya.chen",
      linkedin: "https://www.linkedin.com/in/maya-chen/",
      youtube: "https://www.youtube.com/@mayastudio",
      tiktok: null,
    });
  });

  it.each([
    ["website", "javascript:alert(1)", "Website must be a web address starting with http:// or https://"],
    ["website", "data:text/html,<script>alert(1)</script>", "Website must be a web address starting with http:// or https://"],
    ["instagram", "https://evil.example.com/maya", "Enter a Instagram handle (like @name) or a instagram.com link"],
    ["twitter", "javascript:alert(1)//twitter.com", "Enter a Twitter handle (like @name) or a twitter.com link"],
    ["bio", "x".repeat(10_000), "Bio must be at most 2,000 characters"],
  ])("refuses a bad %s with a clear message and stores nothing", async (field, value, message) => {
    const maya = await member("Maya");
    const result = await post(maya.cookie, { intent: "profile", fullName: "Changed", [field]: value });
    expect(result.status).toBe(400);
    expect((result.body.fieldErrors as Record<string, string>)[field]).toBe(message);
    expect((await profileOf(maya.id)).fullName).toBe("Maya");
  });

  it("answers an unknown intent and a signed-out post without storing anything", async () => {
    const maya = await member("Maya");
    expect((await post(maya.cookie, { intent: "drop-table" })).status).toBe(400);
    await expect(post("", { intent: "profile", fullName: "Eve" })).rejects.toMatchObject({ status: 302 });
    expect((await profileOf(maya.id)).fullName).toBe("Maya");
  });
});

describe("custom links", () => {
  it("adds links last (display order = count), reorders and deletes without gaps", async () => {
    const maya = await member();
    for (const title of ["One", "Two", "Three"]) {
      expect((await post(maya.cookie, { intent: "add-link", title, url: `https://${title.toLowerCase()}.example.com`, icon: "" })).status).toBe(200);
    }
    let links = await linksOf(maya.id);
    expect(links.map((link) => [link.title, link.displayOrder])).toEqual([
      ["One", 0],
      ["Two", 1],
      ["Three", 2],
    ]);
    expect((await post(maya.cookie, { intent: "move-link", id: links[2]!.id, direction: "up" })).status).toBe(200);
    links = await linksOf(maya.id);
    expect(links.map((link) => link.title)).toEqual(["One", "Three", "Two"]);
    expect((await post(maya.cookie, { intent: "delete-link", id: links[0]!.id })).status).toBe(200);
    links = await linksOf(maya.id);
    expect(links.map((link) => [link.title, link.displayOrder])).toEqual([
      ["Three", 0],
      ["Two", 1],
    ]);
  });

  it("refuses non-http(s) URLs, a missing title and an unknown icon", async () => {
    const maya = await member();
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "x", url: "javascript:alert(1)" }, "url", "URL must be a web address starting with http:// or https://"],
      [{ title: "x", url: "data:text/html;base64,PHNjcmlwdD4=" }, "url", "URL must be a web address starting with http:// or https://"],
      [{ title: "x", url: "ftp://files.example.com" }, "url", "URL must be a web address starting with http:// or https://"],
      [{ title: " ", url: "https://example.com" }, "title", "Title is required"],
      [{ title: "x", url: "https://example.com", icon: "skull" }, "icon", "Choose an icon from the list"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post(maya.cookie, { intent: "add-link", ...fields });
      expect(result.status).toBe(400);
      expect((result.body.fieldErrors as Record<string, string>)[field]).toBe(message);
    }
    expect(await linksOf(maya.id)).toEqual([]);
  });

  it("answers 404 for another member's link (or a malformed id) and changes nothing", async () => {
    const maya = await member();
    const eve = await member();
    await post(maya.cookie, { intent: "add-link", title: "Mine", url: "https://mine.example.com" });
    const [link] = await linksOf(maya.id);
    const attempts: Record<string, string>[] = [
      { intent: "delete-link", id: link!.id },
      { intent: "move-link", id: link!.id, direction: "down" },
      { intent: "delete-link", id: "1 or 1=1" },
    ];
    for (const fields of attempts) {
      const result = await post(eve.cookie, fields);
      expect(result.status).toBe(404);
      expect(result.body.formError).toBe("That link was not found. It may have been deleted already.");
    }
    expect(await linksOf(maya.id)).toEqual([link]);
  });

  it(`stops at ${MAX_PROFILE_LINKS} links with a clear message`, async () => {
    const maya = await member();
    await database.db
      .insert(profileLinks)
      .values(Array.from({ length: MAX_PROFILE_LINKS }, (_, i) => ({ profileId: maya.id, title: `L${i}`, url: "https://example.com", displayOrder: i })));
    const result = await post(maya.cookie, { intent: "add-link", title: "One more", url: "https://example.com" });
    expect(result.status).toBe(400);
    expect(result.body.formError).toBe(`You can have at most ${MAX_PROFILE_LINKS} links. Delete one to add another.`);
  });
});

describe("profile posts", () => {
  it("lists pinned posts first, then the newest; edits and deletes only the owner's", async () => {
    const maya = await member("Maya Chen");
    const eve = await member();
    await post(maya.cookie, { intent: "add-post", title: "Old pinned", content: "a", type: "announcement", isPinned: "on" });
    await post(maya.cookie, { intent: "add-post", title: "Older", content: "b" });
    await post(maya.cookie, { intent: "add-post", title: "Newest <script>", content: "c", type: "feature_highlight" });
    const rows = await database.db.select().from(profileUpdates).where(eq(profileUpdates.profileId, maya.id));
    expect(rows.find((row) => row.title === "Older")!.type).toBe("general");

    const loaded = (await profileRoute.loader({
      request: new Request("http://localhost/profile", { headers: { cookie: maya.cookie } }),
      params: {},
      context: {},
    } as never)) as { posts: { title: string }[] };
    expect(loaded.posts.map((p) => p.title)).toEqual(["Old pinned", "Newest <script>", "Older"]);

    const older = rows.find((row) => row.title === "Older")!;
    expect((await post(eve.cookie, { intent: "update-post", id: older.id, title: "Hacked", content: "x" })).status).toBe(404);
    expect((await post(eve.cookie, { intent: "delete-post", id: older.id })).status).toBe(404);
    const [unchanged] = await database.db.select().from(profileUpdates).where(eq(profileUpdates.id, older.id));
    expect(unchanged!.title).toBe("Older");

    expect((await post(maya.cookie, { intent: "update-post", id: older.id, title: "Edited", content: "b2", type: "space_update", isPinned: "on" })).status).toBe(200);
    const [edited] = await database.db.select().from(profileUpdates).where(eq(profileUpdates.id, older.id));
    expect(edited).toMatchObject({ title: "Edited", content: "b2", type: "space_update", isPinned: true });

    expect((await post(maya.cookie, { intent: "update-post", id: older.id, title: "", content: "b2" })).body.fieldErrors).toEqual({ title: "Title is required" });
    expect((await post(maya.cookie, { intent: "add-post", title: "t", content: "c", type: "spam" })).status).toBe(400);
    expect((await post(maya.cookie, { intent: "delete-post", id: older.id })).status).toBe(200);
    expect(await database.db.select().from(profileUpdates).where(eq(profileUpdates.id, older.id))).toEqual([]);
  });
});

/** Runs POST /api/profile/images?kind= with one file. */
async function upload(cookie: string, kind: string, file: Blob | null, name = "photo.png") {
  const form = new FormData();
  if (file) form.append("file", file, name);
  const request = new Request(`http://localhost/api/profile/images?kind=${kind}`, { method: "POST", headers: cookie ? { cookie } : {}, body: form });
  const answer = (await imagesRoute.action({ request, params: {}, context: {} } as never)) as unknown as {
    data: { url?: string; error?: string };
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

const png = async (color = "#2563eb") =>
  new Blob([new Uint8Array(await sharp({ create: { width: 60, height: 40, channels: 3, background: color } }).png().toBuffer())], { type: "image/png" });

async function stored(url: string) {
  const key = storage.keyFromUrl(url);
  return key ? storage.exists(key) : false;
}

describe("avatar and banner uploads (docs/product.md#media)", () => {
  it("stores a square avatar, puts it on the profile and removes the previous one", async () => {
    const maya = await member();
    const first = await upload(maya.cookie, "avatar", await png());
    expect(first.status).toBe(200);
    expect(first.url).toMatch(new RegExp(`^/media/${maya.id}/avatar-\\d+-[A-Za-z0-9_-]+\\.webp$`));
    expect((await profileOf(maya.id)).avatarUrl).toBe(first.url);
    const meta = await sharp(await fs.readFile(path.join(root, storage.keyFromUrl(first.url!)!))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 512]);

    const second = await upload(maya.cookie, "avatar", await png("#dc2626"));
    expect(second.status).toBe(200);
    expect((await profileOf(maya.id)).avatarUrl).toBe(second.url);
    expect(await stored(second.url!)).toBe(true);
    expect(await stored(first.url!)).toBe(false);

    const banner = await upload(maya.cookie, "banner", await png());
    expect(banner.url).toContain("/banner-");
    expect(await stored(second.url!)).toBe(true);
    expect((await profileOf(maya.id)).bannerUrl).toBe(banner.url);
  });

  it("keeps a previous picture that is not this member's upload of that kind", async () => {
    const maya = await member();
    await database.db.update(profiles).set({ avatarUrl: "/demo/hosts/maya.webp" }).where(eq(profiles.id, maya.id));
    const result = await upload(maya.cookie, "avatar", await png());
    expect(result.status).toBe(200);
    expect((await profileOf(maya.id)).avatarUrl).toBe(result.url);
  });

  it("refuses a non-image, an empty request and oversized files with the product's texts", async () => {
    const maya = await member();
    const text = new Blob(["just text"], { type: "image/png" });
    expect(await upload(maya.cookie, "avatar", text, "fake.png")).toMatchObject({ status: 415, error: "Please select an image file" });
    expect(await upload(maya.cookie, "banner", null)).toMatchObject({ status: 400, error: "Please select an image file" });
    // PNG magic followed by 6 MB: refused for its size before any decoding.
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = new Blob([header, new Uint8Array(6 * 1024 * 1024)], { type: "image/png" });
    expect(await upload(maya.cookie, "avatar", big)).toMatchObject({ status: 413, error: "File size must be less than 5MB" });
    const huge = new Blob([header, new Uint8Array(11 * 1024 * 1024)], { type: "image/png" });
    expect(await upload(maya.cookie, "banner", huge)).toMatchObject({ status: 413, error: "File size must be less than 10MB" });
    // Within the banner's size but not a readable image.
    expect(await upload(maya.cookie, "banner", big)).toMatchObject({ status: 415, error: "Please select an image file" });
    expect(await profileOf(maya.id)).toMatchObject({ avatarUrl: null, bannerUrl: null });
  });

  it("answers 401 signed out and 400 for an unknown kind", async () => {
    const maya = await member();
    expect(await upload("", "avatar", await png())).toMatchObject({ status: 401 });
    expect(await upload(maya.cookie, "cover", await png())).toMatchObject({ status: 400 });
  });

  it("the orphan sweep keeps avatars and banners in use", async () => {
    const maya = await member();
    const avatar = await upload(maya.cookie, "avatar", await png());
    await sweepOrphanedMedia(database.db, storage, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await stored(avatar.url!)).toBe(true);
  });
});

describe("the public host page /hosts/{id}", () => {
  async function load(id: string) {
    try {
      return await hostRoute.loader({ request: new Request(`http://localhost/hosts/${id}`), params: { id }, context: {} } as never);
    } catch (thrown) {
      return { thrown: (thrown as { init?: { status?: number } }).init?.status };
    }
  }

  it("shows the profile with links, pinned then recent posts and Person structured data", async () => {
    const maya = await member("Maya Chen");
    await post(maya.cookie, { intent: "profile", fullName: "Maya Chen", bio: "Studios", instagram: "maya", website: "https://maya.example.com" });
    await post(maya.cookie, { intent: "add-link", title: "Calendar", url: "https://cal.example.com" });
    await post(maya.cookie, { intent: "add-post", title: "Pinned", content: "p", isPinned: "on" });
    await post(maya.cookie, { intent: "add-post", title: "Recent", content: "r" });
    // A stored address that is not http(s) (written some other way) never reaches the page.
    await database.db.insert(profileLinks).values({ profileId: maya.id, title: "Bad", url: "javascript:alert(1)", displayOrder: 5 });
    const page = (await load(maya.id)) as Awaited<ReturnType<typeof hostRoute.loader>>;
    expect(page.name).toBe("Maya Chen");
    expect(page.page.links.map((link) => link.title)).toEqual(["Calendar"]);
    expect(page.page.posts.map((p) => p.title)).toEqual(["Pinned", "Recent"]);
    expect(page.page.socials).toEqual([{ field: "instagram", label: "Instagram", url: "https://www.instagram.com/maya" }]);
    expect(page.structuredData).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: "Maya Chen", description: "Studios", sameAs: ["https://maya.example.com/", "https://www.instagram.com/maya"] },
    });
  });

  it("is a 404 for an unknown or malformed id", async () => {
    expect(await load("00000000-0000-4000-8000-000000000000")).toEqual({ thrown: 404 });
    expect(await load("not-a-uuid")).toEqual({ thrown: 404 });
  });
});
