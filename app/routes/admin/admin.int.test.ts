import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, bookings, guestReviews, sessions, spaces, users } from "~/db/schema/index";
import { ADMIN_ONLY } from "~/features/admin/guard.server";
import { MODERATION_TEXT } from "~/features/admin/moderation-form";
import { MODERATED_PUBLISH_REFUSED } from "~/features/admin/moderation-notice";
import { MODERATION_MESSAGES } from "~/features/admin/moderation.server";
import { ACCOUNT_SUSPENDED, signIn } from "~/features/auth/accounts.server";
import { loadSessionUser } from "~/features/auth/session.server";
import { listOwnerSpaces, setPublished } from "~/features/hosting/listings.server";
import { lookupSpace } from "~/features/listings/space-detail.server";
import { searchExplore } from "~/features/search/search.server";
import { spaceBasePath } from "~/features/listings/space-detail.server";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser, sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * Admin moderation through the /admin action, as the server calls it (ADR 0151): a
 * non-admin gets 403 and nothing changes; an admin's unpublish and suspension hide the
 * listings everywhere, revoke sessions, refuse sign-in, and every action is logged.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const admin = await import("./admin");
const hostPage = await import("../profiles/host-page");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

type Outcome = { status: number; body: unknown };

async function post(cookie: string | null, fields: Record<string, string>): Promise<Outcome> {
  const request = new Request("http://localhost/admin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    const result = (await admin.action({ request, params: {}, context: {}, unstable_pattern: "" } as never)) as unknown;
    return unwrap(result);
  } catch (thrown) {
    return unwrap(thrown);
  }
}

function unwrap(value: unknown): Outcome {
  if (value && typeof value === "object" && "type" in value && (value as { type: string }).type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, body: data };
  }
  if (value instanceof Response) return { status: value.status, body: null };
  return { status: 200, body: value };
}

async function world() {
  const { db } = database;
  const root = await createUser(db, { isAdmin: true, fullName: "Ada Admin" });
  const host = await createUser(db, { fullName: "Hal Host" });
  const member = await createUser(db);
  const listing = await createSpace(db, {
    userId: host.id,
    title: `Moderated Loft ${crypto.randomUUID().slice(0, 8)}`,
    streetAddress: "1 Main St",
    city: "Tampa",
    state: "FL",
    postalCode: "33602",
  });
  const draft = await createSpace(db, { userId: host.id, title: `Host Draft ${crypto.randomUUID().slice(0, 8)}`, isPublished: false });
  return { root, host, member, listing, draft, adminCookie: await sessionCookieFor(db, root.id) };
}

async function listingRow(id: string) {
  const [row] = await database.db.select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

async function publiclyFound(space: { id: string; title: string; location: string }) {
  const explore = await searchExplore(database.db, { q: space.title, type: "", location: "", page: 1 });
  const [titleSlug, locationSlug] = spaceBasePath(space).split("/").slice(2);
  const page = await lookupSpace(database.db, { titleSlug: titleSlug!, locationSlug: locationSlug!, id: space.id, viewerId: null });
  return { inSearch: explore.spaces.some((row) => row.id === space.id), onItsPage: page.kind !== "not-found" };
}

describe("who may moderate", () => {
  it("answers a non-admin and a signed-out caller with 403 and changes nothing", async () => {
    const w = await world();
    const memberCookie = await sessionCookieFor(database.db, w.member.id);
    for (const cookie of [memberCookie, null]) {
      const unpublish = await post(cookie, { intent: "unpublish_listing", targetId: w.listing.id, reason: "spam" });
      expect(unpublish).toEqual({ status: 403, body: { ok: false, error: ADMIN_ONLY } });
      const suspend = await post(cookie, { intent: "suspend_user", targetId: w.host.id, reason: "spam" });
      expect(suspend.status).toBe(403);
    }
    expect((await listingRow(w.listing.id)).isPublished).toBe(true);
    const [host] = await database.db.select().from(users).where(eq(users.id, w.host.id));
    expect(host!.suspendedAt).toBeNull();
    expect(await database.db.select().from(adminActions).where(eq(adminActions.targetId, w.listing.id))).toEqual([]);
  });

  it("sends a non-admin away from the page and shows an admin the analytics", async () => {
    const w = await world();
    const call = async (cookie: string) => {
      const request = new Request("http://localhost/admin", { headers: { cookie } });
      try {
        return await admin.loader({ request, params: {}, context: {}, unstable_pattern: "" } as never);
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const refused = (await call(await sessionCookieFor(database.db, w.member.id))) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    const page = (await call(w.adminCookie)) as Awaited<ReturnType<typeof admin.loader>>;
    expect(page.stats?.counts.users).toBeGreaterThanOrEqual(3);
    expect(page.fees).toEqual(expect.any(Array));
  });

  it("refuses bad input with a clear message and never a 500", async () => {
    const w = await world();
    expect(await post(w.adminCookie, { intent: "unpublish_listing", targetId: w.listing.id, reason: "" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { reason: MODERATION_TEXT.reasonRequired } },
    });
    expect(await post(w.adminCookie, { intent: "unpublish_listing", targetId: "not-a-uuid", reason: "spam" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { targetId: MODERATION_TEXT.invalidTarget } },
    });
    expect(await post(w.adminCookie, { intent: "drop_tables", targetId: w.listing.id, reason: "spam" })).toMatchObject({ status: 400 });
    expect(await post(w.adminCookie, { intent: "unpublish_listing", targetId: crypto.randomUUID(), reason: "spam" })).toEqual({
      status: 404,
      body: { ok: false, error: MODERATION_MESSAGES.listingNotFound },
    });
    expect(await post(w.adminCookie, { intent: "suspend_user", targetId: w.root.id, reason: "oops" })).toEqual({
      status: 409,
      body: { ok: false, error: MODERATION_MESSAGES.cannotSuspendAdmin },
    });
    expect((await listingRow(w.listing.id)).isPublished).toBe(true);
  });
});

describe("unpublishing a listing", () => {
  it("hides it, shows the owner the reason, keeps the owner from publishing it, and logs who did it", async () => {
    const w = await world();
    const reason = "Photos show a different venue <script>alert(1)</script>";
    expect(await publiclyFound(w.listing)).toEqual({ inSearch: true, onItsPage: true });
    expect(await post(w.adminCookie, { intent: "unpublish_listing", targetId: w.listing.id, reason })).toEqual({
      status: 200,
      body: { ok: true, message: MODERATION_MESSAGES.done.unpublish_listing },
    });
    expect(await publiclyFound(w.listing)).toEqual({ inSearch: false, onItsPage: false });

    const owned = await listOwnerSpaces(database.db, w.host.id);
    expect(owned.spaces.find((row) => row.id === w.listing.id)).toMatchObject({ isPublished: false, moderationState: "unpublished", moderationReason: reason });
    await expect(setPublished(database.db, w.host.id, w.listing.id, true)).rejects.toMatchObject({ status: 409, message: MODERATED_PUBLISH_REFUSED });
    expect((await listingRow(w.listing.id)).isPublished).toBe(false);

    expect(await post(w.adminCookie, { intent: "unpublish_listing", targetId: w.listing.id, reason: "again" })).toMatchObject({ status: 409 });
    expect(await post(w.adminCookie, { intent: "republish_listing", targetId: w.listing.id, reason: "" })).toMatchObject({ status: 200 });
    expect(await publiclyFound(w.listing)).toEqual({ inSearch: true, onItsPage: true });
    expect(await listingRow(w.listing.id)).toMatchObject({ moderationState: null, moderationReason: null });

    const log = await database.db.select().from(adminActions).where(eq(adminActions.targetId, w.listing.id)).orderBy(adminActions.createdAt);
    expect(log.map((row) => [row.adminId, row.action, row.targetType, row.targetLabel, row.reason])).toEqual([
      [w.root.id, "unpublish_listing", "space", w.listing.title, reason],
      [w.root.id, "republish_listing", "space", w.listing.title, null],
    ]);
  });
});

describe("suspending an account", () => {
  it("revokes its sessions, refuses its sign-in, hides its listings, and unsuspending brings back exactly those", async () => {
    const w = await world();
    const hostCookie = await sessionCookieFor(database.db, w.host.id);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, w.host.id));
    expect(await loadSessionUser(database.db, session!.id, w.host.id)).not.toBeNull();

    const suspended = await post(w.adminCookie, { intent: "suspend_user", targetId: w.host.id, reason: "Fraudulent listings" });
    expect(suspended).toEqual({ status: 200, body: { ok: true, message: MODERATION_MESSAGES.done.suspend_user } });

    expect(await loadSessionUser(database.db, session!.id, w.host.id)).toBeNull();
    const live = await database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, w.host.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    expect(hostCookie).toBeTruthy();
    const attempt = await signIn(database.db, { email: w.host.email, password: w.host.password }, { ip: "203.0.113.7", userAgent: "vitest" });
    expect(attempt).toEqual({ ok: false, status: 403, result: { ok: false, error: ACCOUNT_SUSPENDED } });

    expect(await publiclyFound(w.listing)).toEqual({ inSearch: false, onItsPage: false });
    expect(await listingRow(w.listing.id)).toMatchObject({ isPublished: false, moderationState: "owner_suspended" });
    expect(await listingRow(w.draft.id)).toMatchObject({ isPublished: false, moderationState: null });

    expect(await post(w.adminCookie, { intent: "republish_listing", targetId: w.listing.id, reason: "" })).toMatchObject({ status: 409 });
    expect(await post(w.adminCookie, { intent: "unsuspend_user", targetId: w.host.id, reason: "" })).toMatchObject({ status: 200 });
    expect(await publiclyFound(w.listing)).toEqual({ inSearch: true, onItsPage: true });
    expect(await listingRow(w.draft.id)).toMatchObject({ isPublished: false });
    const back = await signIn(database.db, { email: w.host.email, password: w.host.password }, { ip: "203.0.113.7", userAgent: "vitest" });
    expect(back.ok).toBe(true);

    const log = await database.db.select().from(adminActions).where(eq(adminActions.targetId, w.host.id)).orderBy(adminActions.createdAt);
    expect(log.map((row) => [row.action, row.targetLabel, row.reason])).toEqual([
      ["suspend_user", w.host.email, "Fraudulent listings"],
      ["unsuspend_user", w.host.email, null],
    ]);
    const page = await admin.loader({ request: new Request("http://localhost/admin?q=" + encodeURIComponent(w.host.email), { headers: { cookie: w.adminCookie } }), params: {}, context: {}, unstable_pattern: "" } as never);
    expect(page.log?.some((row) => row.targetId === w.host.id && row.adminEmail === w.root.email)).toBe(true);
    expect(page.found?.users.map((row) => row.id)).toEqual([w.host.id]);
  });
});

describe("hiding a host's review of a guest (ADR 0289)", () => {
  it("takes it off the guest's profile with a reason, restores it, refuses a non-admin and a second hide, and logs both", async () => {
    const w = await world();
    const { db } = database;
    const start = new Date(Date.now() - 5 * 24 * 3_600_000);
    const [booking] = await db
      .insert(bookings)
      .values({ userId: w.member.id, spaceId: w.listing.id, startTime: start, endTime: new Date(start.getTime() + 7_200_000), rentalAmount: 10000, totalPrice: 11000, platformFeePercentage: 10, platformFeeAmount: 1000, status: "completed", payoutReleaseAt: new Date(start.getTime() + 26 * 3_600_000) })
      .returning();
    const comment = "Rude to the neighbours, and here is their phone number";
    const [review] = await db.insert(guestReviews).values({ bookingId: booking!.id, guestId: w.member.id, authorId: w.host.id, rating: 1, comment, publishedAt: new Date(Date.now() - 3_600_000) }).returning();
    const onProfile = async () => {
      const page = (await hostPage.loader({ request: new Request(`http://localhost/hosts/${w.member.id}`), params: { id: w.member.id }, context: {}, unstable_pattern: "" } as never)) as {
        guestReviews: { total: number; items: { comment: string | null }[] };
      };
      return page.guestReviews.items.map((item) => item.comment);
    };
    expect(await onProfile()).toEqual([comment]);

    const memberCookie = await sessionCookieFor(db, w.member.id);
    expect(await post(memberCookie, { intent: "hide_guest_review", targetId: review!.id, reason: "personal data" })).toMatchObject({ status: 403 });
    expect(await post(w.adminCookie, { intent: "hide_guest_review", targetId: review!.id, reason: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { reason: MODERATION_TEXT.reasonRequired } },
    });
    expect(await post(w.adminCookie, { intent: "hide_guest_review", targetId: crypto.randomUUID(), reason: "personal data" })).toEqual({
      status: 404,
      body: { ok: false, error: MODERATION_MESSAGES.reviewNotFound },
    });
    expect(await onProfile()).toEqual([comment]);

    expect(await post(w.adminCookie, { intent: "hide_guest_review", targetId: review!.id, reason: "Personal data" })).toEqual({
      status: 200,
      body: { ok: true, message: MODERATION_MESSAGES.done.hide_guest_review },
    });
    expect(await onProfile()).toEqual([]);
    expect(await post(w.adminCookie, { intent: "hide_guest_review", targetId: review!.id, reason: "again" })).toEqual({
      status: 409,
      body: { ok: false, error: MODERATION_MESSAGES.alreadyHidden },
    });

    // The admin finds it by the guest's e-mail, marked hidden with the reason.
    const page = await admin.loader({ request: new Request("http://localhost/admin?q=" + encodeURIComponent(w.member.email), { headers: { cookie: w.adminCookie } }), params: {}, context: {}, unstable_pattern: "" } as never);
    expect(page.found?.guestReviews).toEqual([expect.objectContaining({ id: review!.id, hiddenReason: "Personal data", published: true, guestEmail: w.member.email, authorEmail: w.host.email })]);

    expect(await post(w.adminCookie, { intent: "restore_guest_review", targetId: review!.id, reason: "" })).toMatchObject({ status: 200 });
    expect(await onProfile()).toEqual([comment]);
    expect(await post(w.adminCookie, { intent: "restore_guest_review", targetId: review!.id, reason: "" })).toEqual({
      status: 409,
      body: { ok: false, error: MODERATION_MESSAGES.notHidden },
    });
    const log = await db.select().from(adminActions).where(eq(adminActions.targetId, review!.id)).orderBy(adminActions.createdAt);
    expect(log.map((row) => [row.adminId, row.action, row.targetType, row.reason])).toEqual([
      [w.root.id, "hide_guest_review", "guest_review", "Personal data"],
      [w.root.id, "restore_guest_review", "guest_review", null],
    ]);
    expect(log[0]!.targetLabel).toBe(`Review of ${w.member.email} by ${w.host.email} (1/5): “Rude to the neighbours, and here is their phone number”`);
  });
});
