import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bookingDeposits,
  bookingRequirements,
  bookings,
  conversations,
  dataExports,
  emailOutbox,
  guestReviews,
  messages,
  payouts,
  profiles,
  reviews,
  sessions,
  spaces,
  users,
} from "~/db/schema/index";
import { buildExport } from "~/features/account-security/data-export.server";
import { loadBookingRequirements } from "~/features/bookings/requirements.server";
import { runDataExports } from "~/features/account-security/data-export.server";
import { DELETED_NAME } from "~/features/account-security/account-deletion.server";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { signIn } from "~/features/auth/accounts.server";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/features/auth/cookies.server";
import { createSession } from "~/features/auth/session.server";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * Issue #29 point 5 on both engines: 'Download my data' (request, the job, the owner-only
 * 24-hour download) and 'Delete my account' (refused with what to do first while a
 * booking or money is open; otherwise personal data erased, money records kept).
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const securityRoute = await import("./security");
const exportRoute = await import("./security-export");

let database: TestDatabase;
let db: TestDatabase["db"];

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  db = database.db;
});

afterAll(async () => {
  await database.drop();
});

const HOUR = 60 * 60_000;

async function member(fullName = "Ada Lovelace") {
  const user = await createUser(db, { fullName });
  const tokens = await createSession(db, user.id, { userAgent: "vitest" });
  return { ...user, tokens, cookie: `${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}` };
}

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/profile/security", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = (await securityRoute.action({ request, params: {}, context: {} } as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, body: {} as Record<string, unknown>, headers: answer.headers };
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers() };
}

async function download(cookie: string, id: string, at?: Date) {
  const headers: Record<string, string> = { cookie };
  const request = new Request(`http://localhost/profile/security/export/${id}`, { headers });
  vi.setSystemTime(at ?? new Date());
  try {
    return await exportRoute.loader({ request, params: { id }, context: {} } as never).catch((thrown: unknown) => thrown as Response);
  } finally {
    vi.useRealTimers();
  }
}

/** A booking of `space` by `guest`, `hoursFromNow` ahead (negative: past), in `status`. */
async function book(guestId: string, spaceId: string, hoursFromNow: number, status: "confirmed" | "completed" | "requested" = "confirmed") {
  const start = new Date(Date.now() + hoursFromNow * HOUR);
  const [row] = await db
    .insert(bookings)
    .values({
      userId: guestId,
      spaceId,
      startTime: start,
      endTime: new Date(start.getTime() + 2 * HOUR),
      rentalAmount: 10000,
      totalPrice: 11000,
      platformFeePercentage: 10,
      platformFeeAmount: 1000,
      status,
      payoutReleaseAt: new Date(start.getTime() + 26 * HOUR),
    })
    .returning();
  return row!;
}

async function latestExportRow(userId: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(dataExports.requestedAt);
  return row!;
}

describe("Download my data", () => {
  it("is built by the job, e-mailed as a link, and downloads for its owner only, for 24 hours", async () => {
    const owner = await member();
    const stranger = await member("Eve");
    const space = await createSpace(db, { userId: owner.id, title: "Owner's loft" });
    const guest = await createUser(db, { signIn: false });
    const stay = await book(guest.id, space.id, -72, "completed");
    const [thread] = await db.insert(conversations).values({ spaceId: space.id, guestId: guest.id, hostId: owner.id }).returning();
    await db.insert(messages).values([
      { conversationId: thread!.id, senderId: guest.id, body: "Is the loft free on Friday?" },
      { conversationId: thread!.id, senderId: owner.id, body: "It is, see you then." },
    ]);

    expect(await post(owner.cookie, { intent: "export-request" })).toMatchObject({ status: 200, body: { ok: true, message: SECURITY_TEXT.exportRequested } });
    expect(await post(owner.cookie, { intent: "export-request" })).toMatchObject({ status: 409, body: { formError: SECURITY_TEXT.exportAlreadyPending } });

    const now = new Date();
    expect(await runDataExports(db, now)).toMatchObject({ built: 1 });
    expect(await runDataExports(db, now)).toMatchObject({ built: 0 });
    const row = await latestExportRow(owner.id);
    expect(row.status).toBe("ready");
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.userId, owner.id), eq(emailOutbox.kind, "data_export_ready")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toEmail).toBe(owner.email);
    expect(mails[0]!.textBody).toContain(`/profile/security/export/${row.id}`);

    const answer = (await download(owner.cookie, row.id)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="rentwell-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(["exportedAt", "account", "profile", "listings", "bookings", "checkoutDetails", "messages", "reviews", "payouts", "handovers"]);
    expect(data.account).toMatchObject({ email: owner.email });
    expect(data.profile).toMatchObject({ fullName: "Ada Lovelace" });
    expect((data.listings as { title: string }[]).map((listing) => listing.title)).toEqual(["Owner's loft"]);
    expect((data.bookings as { asHost: { id: string }[] }).asHost.map((booking) => booking.id)).toEqual([stay.id]);
    expect((data.messages as { messages: { fromMe: boolean; body: string }[] }[])[0]!.messages).toEqual([
      expect.objectContaining({ fromMe: false, body: "Is the loft free on Friday?" }),
      expect.objectContaining({ fromMe: true, body: "It is, see you then." }),
    ]);

    // Someone else's export, a made-up id, garbage: the same 404. Signed out: sent to /.
    for (const [cookie, id] of [
      [stranger.cookie, row.id],
      [owner.cookie, "00000000-0000-4000-8000-000000000000"],
      [owner.cookie, "../../etc/passwd"],
    ] as const) {
      const refused = (await download(cookie, id)) as Response;
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(SECURITY_TEXT.exportGone);
    }
    expect(((await download("", row.id)) as Response).status).toBe(302);

    // A day later the link is dead and the job drops the content.
    const later = new Date(now.getTime() + 25 * HOUR);
    const tomorrow = await createSession(db, owner.id, {}, later);
    const tomorrowCookie = `${ACCESS_COOKIE}=${tomorrow.accessToken}`;
    expect(((await download(tomorrowCookie, row.id, later)) as Response).status).toBe(404);
    expect(await runDataExports(db, later)).toMatchObject({ expired: 1 });
    expect(await latestExportRow(owner.id)).toMatchObject({ status: "expired", content: null });
  });

  it("holds the reviews of guests the member wrote as a host, and only the published reviews hosts wrote about them (ADR 0288)", async () => {
    const gwen = await member("Gwen Both");
    const otherHost = await createUser(db, { fullName: "Otto Host", signIn: false });
    const guest = await createUser(db, { signIn: false });
    const mine = await createSpace(db, { userId: gwen.id, title: "Gwen's studio" });
    const theirs = await createSpace(db, { userId: otherHost.id, title: "Otto's barn" });
    const hosted = await book(guest.id, mine.id, -72, "completed");
    const stayed = await book(gwen.id, theirs.id, -72, "completed");
    const stayedAgain = await book(gwen.id, theirs.id, -48, "completed");
    const stayedThird = await book(gwen.id, theirs.id, -30, "completed");
    const past = new Date(Date.now() - HOUR);
    const future = new Date(Date.now() + 10 * 24 * HOUR);
    await db.insert(guestReviews).values([
      // Written by the member about their guest, not yet public: still theirs to export.
      { bookingId: hosted.id, guestId: guest.id, authorId: gwen.id, rating: 5, comment: "Lovely guest", publishedAt: future },
      // About the member: published; not yet published; published but hidden by an admin.
      { bookingId: stayed.id, guestId: gwen.id, authorId: otherHost.id, rating: 4, comment: "Quiet and tidy", publishedAt: past },
      { bookingId: stayedAgain.id, guestId: gwen.id, authorId: otherHost.id, rating: 1, comment: "Not public yet", publishedAt: future },
      { bookingId: stayedThird.id, guestId: gwen.id, authorId: otherHost.id, rating: 2, comment: "Hidden by an admin", publishedAt: past, hiddenAt: past, hiddenReason: "Personal details" },
    ]);
    // The guest's review of the member's listing, hidden until its window ends: not in the host's export yet.
    await db.insert(reviews).values({ spaceId: mine.id, userId: guest.id, bookingId: hosted.id, rating: 3, comment: "Still hidden", publishedAt: future, counted: false });

    expect(await post(gwen.cookie, { intent: "export-request" })).toMatchObject({ status: 200 });
    await runDataExports(db, new Date());
    const row = await latestExportRow(gwen.id);
    const data = (await ((await download(gwen.cookie, row.id)) as Response).json()) as {
      reviews: { writtenAboutGuests: { comment: string; guestId: string }[]; receivedAsGuest: Record<string, unknown>[]; receivedOnMyListings: unknown[] };
    };
    expect(data.reviews.writtenAboutGuests).toEqual([expect.objectContaining({ comment: "Lovely guest", guestId: guest.id, rating: 5 })]);
    expect(data.reviews.receivedAsGuest).toEqual([
      { id: expect.any(String), bookingId: stayed.id, rating: 4, comment: "Quiet and tidy", publishedAt: past.toISOString(), authorName: "Otto Host" },
    ]);
    expect(data.reviews.receivedOnMyListings).toEqual([]);
  });

  it("allows three requests a day", async () => {
    const user = await member();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post(user.cookie, { intent: "export-request" })).status).toBe(200);
      await runDataExports(db, new Date());
    }
    const refused = await post(user.cookie, { intent: "export-request" });
    expect(refused.status).toBe(429);
    expect(refused.body.formError).toMatch(/^You asked for your data three times today\. Try again in \d+ hours?\.$/);
  });
});

describe("Delete my account", () => {
  async function snapshot(userId: string) {
    const [account] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    const [profile] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, userId));
    const live = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return { account, profile, live: live.length };
  }

  it("is refused with what to do first while a booking tomorrow is open, as guest or as host: nothing changes", async () => {
    const guest = await member();
    const host = await member("Host");
    const space = await createSpace(db, { userId: host.id });
    await book(guest.id, space.id, 24);
    for (const who of [guest, host]) {
      const before = await snapshot(who.id);
      const answer = await post(who.cookie, { intent: "delete-account", currentPassword: who.password, confirm: "yes" });
      expect(answer).toMatchObject({ status: 409, body: { ok: false, formError: SECURITY_TEXT.deleteBlockedBookings } });
      expect(await snapshot(who.id)).toEqual(before);
    }
    const [listing] = await db.select({ isPublished: spaces.isPublished }).from(spaces).where(eq(spaces.id, space.id));
    expect(listing!.isPublished).toBe(true);
  });

  it("is refused while a payout to the host is still on its way", async () => {
    const host = await member("Host");
    const space = await createSpace(db, { userId: host.id });
    const guest = await createUser(db, { signIn: false });
    const past = await book(guest.id, space.id, -48, "completed");
    await db.insert(payouts).values({ bookingId: past.id, hostId: host.id, amount: 10000, currency: "USD", releaseAt: new Date() });
    const answer = await post(host.cookie, { intent: "delete-account", currentPassword: host.password, confirm: "yes" });
    expect(answer).toMatchObject({ status: 409, body: { formError: SECURITY_TEXT.deleteBlockedPayouts } });
  });

  it("needs the password and the confirmation", async () => {
    const user = await member();
    const before = await snapshot(user.id);
    expect(await post(user.cookie, { intent: "delete-account", currentPassword: "not my password", confirm: "yes" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { currentPassword: SECURITY_TEXT.wrongPassword } },
    });
    expect(await post(user.cookie, { intent: "delete-account", currentPassword: user.password })).toMatchObject({
      status: 400,
      body: { fieldErrors: { confirm: SECURITY_TEXT.deleteConfirmRequired } },
    });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("erases the personal data, unpublishes the listings, ends every session and keeps the money records", async () => {
    const host = await member("Grace Hopper");
    const other = await createSession(db, host.id, {});
    const space = await createSpace(db, { userId: host.id });
    const guest = await createUser(db, { signIn: false });
    const past = await book(guest.id, space.id, -72, "completed");
    await db.insert(payouts).values({ bookingId: past.id, hostId: host.id, amount: 10000, currency: "USD", releaseAt: new Date(), status: "paid" });
    const [thread] = await db.insert(conversations).values({ spaceId: space.id, guestId: guest.id, hostId: host.id }).returning();
    await db.insert(messages).values({ conversationId: thread!.id, senderId: host.id, body: "My phone is 555-0100." });

    const answer = await post(host.cookie, { intent: "delete-account", currentPassword: host.password, confirm: "yes" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.getSetCookie().filter((cookie) => cookie.includes("Max-Age=0"))).toHaveLength(2);

    const after = await snapshot(host.id);
    expect(after.account!.email).toBe(`deleted-${host.id}@deleted.invalid`);
    expect(after.profile!.fullName).toBe(DELETED_NAME);
    expect(after.live).toBe(0);
    expect(other.sessionId).toBeTruthy();
    const [listing] = await db.select({ isPublished: spaces.isPublished }).from(spaces).where(eq(spaces.id, space.id));
    expect(listing!.isPublished).toBe(false);
    const [message] = await db.select({ body: messages.body }).from(messages).where(eq(messages.conversationId, thread!.id));
    expect(message!.body).toBe(SECURITY_TEXT.deletedMessage);
    const [kept] = await db.select().from(bookings).where(eq(bookings.id, past.id));
    expect(kept).toMatchObject({ status: "completed", totalPrice: 11000, hostId: host.id });
    expect(await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.hostId, host.id))).toHaveLength(1);
    // The old e-mail and password sign nobody in.
    expect(await signIn(db, { email: host.email, password: host.password }, { ip: "198.51.100.77", userAgent: null })).toMatchObject({ ok: false, status: 401 });
  });

  /** What a guest gave at checkout for a listing asking everything (ADR 0279, 0286, 0287). */
  const GIVEN = {
    dateOfBirth: "1990-04-12",
    licenceNumber: "SMITH 901029 JJ9",
    licenceCountry: "GB",
    licenceExpiry: "2031-06-30",
    waiverText: "I ride at my own risk.",
    waiverAcceptedAt: new Date("2026-01-05T09:30:00.000Z"),
    waiverAcceptedIp: "198.51.100.23",
    insurance: "own" as const,
    insurerName: "Harbor Mutual",
    policyNumber: "HM-2231/7",
    fulfilment: "delivery" as const,
    deliveryStreet: "12 Harbor Road",
    deliveryCity: "Tampa",
    deliveryPostalCode: "33602",
    deliveryCountry: "US",
  };

  it("erases what the guest gave at checkout (date of birth, licence, waiver address, cover, delivery address), keeps that the waiver was accepted and when and the choices; others' rows stay", async () => {
    const guest = await member("Gina Guest");
    const host = await member("Hal Host");
    const space = await createSpace(db, { userId: host.id });
    const past = await book(guest.id, space.id, -72, "completed");
    await db.insert(bookingRequirements).values({ bookingId: past.id, ...GIVEN });
    const someoneElse = await createUser(db, { signIn: false });
    const theirs = await book(someoneElse.id, space.id, -96, "completed");
    await db.insert(bookingRequirements).values({ bookingId: theirs.id, ...GIVEN });
    // Before: the guest's data export holds all of it.
    expect((await buildExport(db, guest.id, new Date())).checkoutDetails).toEqual([expect.objectContaining({ bookingId: past.id, ...GIVEN })]);

    const answer = await post(guest.cookie, { intent: "delete-account", currentPassword: guest.password, confirm: "yes" });
    expect(answer.status).toBe(302);

    const [erased] = await db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, past.id));
    expect(erased).toMatchObject({
      dateOfBirth: null,
      licenceNumber: null,
      licenceCountry: null,
      licenceExpiry: null,
      waiverAcceptedIp: null,
      insurerName: null,
      policyNumber: null,
      deliveryStreet: null,
      deliveryCity: null,
      deliveryPostalCode: null,
      deliveryCountry: null,
      // Kept for the record and the money: the waiver as accepted and when, own cover, delivered.
      waiverText: GIVEN.waiverText,
      waiverAcceptedAt: GIVEN.waiverAcceptedAt,
      insurance: "own",
      fulfilment: "delivery",
    });
    expect(erased!.erasedAt).toBeInstanceOf(Date);
    // What the host sees on the booking's page now.
    const view = await loadBookingRequirements(db, { bookingId: past.id, role: "host", status: "completed", startDay: "2026-01-06" });
    expect(view).toEqual({
      dateOfBirth: null,
      ageAtStart: null,
      licence: null,
      waiver: { text: GIVEN.waiverText, acceptedAt: GIVEN.waiverAcceptedAt.toISOString(), acceptedIp: null },
      insurance: { kind: "own", cover: null },
      fulfilment: { kind: "delivery", address: null },
      erased: true,
    });
    // The booking and its money stay; another guest's details are untouched.
    expect((await db.select({ totalPrice: bookings.totalPrice }).from(bookings).where(eq(bookings.id, past.id)))[0]).toEqual({ totalPrice: 11000 });
    const [kept] = await db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, theirs.id));
    expect(kept).toMatchObject({ ...GIVEN, erasedAt: null });
  });

  it("is refused while a request to book waits for the host's answer, or a deposit is held or claimed: nothing changes", async () => {
    const guest = await member("Rita Requester");
    const host = await member("Hal Host");
    const space = await createSpace(db, { userId: host.id });
    const asked = await book(guest.id, space.id, 48, "requested");
    await db.update(bookings).set({ requestExpiresAt: new Date(Date.now() + 24 * HOUR), requestMessage: "Hi!" }).where(eq(bookings.id, asked.id));
    await db.insert(bookingRequirements).values({ bookingId: asked.id, ...GIVEN });
    const before = await snapshot(guest.id);
    expect(await post(guest.cookie, { intent: "delete-account", currentPassword: guest.password, confirm: "yes" })).toMatchObject({
      status: 409,
      body: { ok: false, formError: SECURITY_TEXT.deleteBlockedBookings },
    });
    expect(await snapshot(guest.id)).toEqual(before);
    expect((await db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, asked.id)))[0]).toMatchObject({ ...GIVEN, erasedAt: null });

    // Ended, but its deposit is still held on the card (released 2 days after the end): refused for both sides.
    await db.update(bookings).set({ status: "declined" }).where(eq(bookings.id, asked.id));
    const stay = await book(guest.id, space.id, -24, "completed");
    const [deposit] = await db
      .insert(bookingDeposits)
      .values({ bookingId: stay.id, amount: 50_000, currency: "USD", status: "authorised", authoriseAt: new Date(), releaseAt: new Date(Date.now() + 24 * HOUR), authorisedAt: new Date() })
      .returning();
    for (const who of [guest, host]) {
      expect(await post(who.cookie, { intent: "delete-account", currentPassword: who.password, confirm: "yes" })).toMatchObject({
        status: 409,
        body: { formError: SECURITY_TEXT.deleteBlockedDeposits },
      });
    }
    // Released: nothing stands in the way any more.
    await db.update(bookingDeposits).set({ status: "released", releasedAt: new Date() }).where(eq(bookingDeposits.id, deposit!.id));
    expect((await post(guest.cookie, { intent: "delete-account", currentPassword: guest.password, confirm: "yes" })).status).toBe(302);
    expect((await db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, asked.id)))[0]).toMatchObject({ dateOfBirth: null, licenceNumber: null, deliveryStreet: null });
  });
});
