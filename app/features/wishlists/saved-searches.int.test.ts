import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { listingTranslations } from "~/db/schema/listing-translations";
import { emailOutbox } from "~/db/schema/mail";
import { spaces } from "~/db/schema/listings";
import { savedSearches, searchAlertChecks } from "~/db/schema/saved-searches";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { deleteSavedSearch, deleteSavedSearchByToken, listSavedSearches, MAX_SAVED_SEARCHES, runSearchAlerts, saveSearch } from "./saved-searches.server";
import { SAVED_SEARCH_TEXT } from "./wishlist-text";

/** Saved search alerts on both engines (TEST_DB_ENGINE=postgres for PostgreSQL). */
let database: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function alertsTo(userId: string) {
  return database.db.select().from(emailOutbox).where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, "search_alert")));
}

/** Each test words its searches apart (a unique word), so the shared database's other listings never match. */
const word = () => `Zq${crypto.randomUUID().slice(0, 8)}`;

async function publish(host: { id: string }, title: string) {
  const draft = await createSpace(database.db, { userId: host.id, title, isPublished: false });
  await database.db.update(spaces).set({ isPublished: true }).where(eq(spaces.id, draft.id));
  return draft;
}

describe("saved searches", () => {
  it("saves a search once per guest, lists and deletes it (only the owner, or the e-mail's token)", async () => {
    const db = database.db;
    const guest = await createUser(db, { signIn: false });
    const other = await createUser(db, { signIn: false });
    const saved = await saveSearch(db, { userId: guest.id, query: "?q=Harbor&location=Tampa&page=3", now: NOW });
    expect(saved).toMatchObject({ ok: true, label: "“Harbor” · in Tampa" });
    expect(await saveSearch(db, { userId: guest.id, query: "location=Tampa&q=Harbor", now: NOW })).toEqual({ ok: false, status: 409, error: SAVED_SEARCH_TEXT.duplicate });
    expect(await saveSearch(db, { userId: guest.id, query: "", now: NOW })).toEqual({ ok: false, status: 400, error: SAVED_SEARCH_TEXT.empty });
    expect(await saveSearch(db, { userId: guest.id, query: `q=${"x".repeat(5000)}`, now: NOW })).toEqual({ ok: false, status: 400, error: SAVED_SEARCH_TEXT.tooLong });
    expect(await saveSearch(db, { userId: guest.id, query: 42, now: NOW })).toMatchObject({ ok: false, status: 400 });
    // The search module's own refusal (a date in the past) is the message.
    expect(await saveSearch(db, { userId: guest.id, query: "date=2020-01-01", now: NOW })).toMatchObject({ ok: false, status: 400, error: "Please pick a date from today on" });
    const list = await listSavedSearches(db, guest.id);
    expect(list.map((row) => row.query)).toEqual(["location=Tampa&q=Harbor"]);
    if (!saved.ok) throw new Error(saved.error);
    expect(await deleteSavedSearch(db, { userId: other.id, id: saved.id })).toEqual({ ok: false, status: 404, error: SAVED_SEARCH_TEXT.notFound });
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(await deleteSavedSearchByToken(db, "not-the-token-but-long-enough")).toBe(false);
    expect(await deleteSavedSearchByToken(db, row!.unsubscribeToken)).toBe(true);
    expect(await listSavedSearches(db, guest.id)).toEqual([]);
  });

  it(`caps a guest at ${MAX_SAVED_SEARCHES} saved searches`, async () => {
    const guest = await createUser(database.db, { signIn: false });
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) expect(await saveSearch(database.db, { userId: guest.id, query: `q=loft${i}`, now: NOW })).toMatchObject({ ok: true });
    expect(await saveSearch(database.db, { userId: guest.id, query: "q=one-more", now: NOW })).toEqual({ ok: false, status: 409, error: SAVED_SEARCH_TEXT.tooMany });
  });

  it("e-mails on a matching publish, at most once a day, and never for a search that does not match", async () => {
    const db = database.db;
    const host = await createUser(db, { signIn: false });
    const guest = await createUser(db, { signIn: false });
    const bystander = await createUser(db, { signIn: false });
    const [match, miss] = [word(), word()];
    await saveSearch(db, { userId: guest.id, query: `q=${match}`, now: NOW });
    await saveSearch(db, { userId: bystander.id, query: `q=${miss}`, now: NOW });

    await publish(host, `${match} Harbor Loft`);
    expect(await db.select().from(searchAlertChecks)).toHaveLength(1);
    const first = await runSearchAlerts(db, hours(1));
    expect(first).toMatchObject({ checks: 1, sent: 1 });
    const mails = await alertsTo(guest.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New for your search: ${match} Harbor Loft`);
    expect(mails[0]!.textBody).toContain("/saved-searches/");
    expect(mails[0]!.textBody).toContain("newly listed");
    expect(mails[0]!.headers["List-Unsubscribe"]).toMatch(/\/saved-searches\/[A-Za-z0-9_-]+\/delete>$/);
    expect(await alertsTo(bystander.id)).toEqual([]);
    expect(await db.select().from(searchAlertChecks)).toEqual([]);

    // Another match the same day: no second e-mail. A day later: one more.
    await publish(host, `${match} Second Loft`);
    expect(await runSearchAlerts(db, hours(5))).toMatchObject({ checks: 1, sent: 0 });
    expect(await alertsTo(guest.id)).toHaveLength(1);
    await publish(host, `${match} Third Loft`);
    expect(await runSearchAlerts(db, hours(26))).toMatchObject({ sent: 1 });
    expect(await alertsTo(guest.id)).toHaveLength(2);
    // Running again finds nothing left to do.
    expect(await runSearchAlerts(db, hours(27))).toEqual({ checks: 0, searches: 0, sent: 0 });
    expect(await alertsTo(bystander.id)).toEqual([]);
  });

  it("in the member's language: a word of the host's Spanish title matches, and the e-mail names the listing by it (ADR 0295)", async () => {
    const db = database.db;
    const host = await createUser(db, { signIn: false });
    const spanish = await createUser(db, { signIn: false });
    const english = await createUser(db, { signIn: false });
    await db.update(users).set({ preferredLanguage: "es" }).where(eq(users.id, spanish.id));
    const key = word();
    for (const who of [spanish, english]) await saveSearch(db, { userId: who.id, query: `q=${key}`, now: NOW });
    const draft = await createSpace(db, { userId: host.id, title: "Harbor Loft", isPublished: false });
    await db.insert(listingTranslations).values({ spaceId: draft.id, locale: "es", title: `Desván ${key} del puerto`, description: "Luminoso" });
    await db.update(spaces).set({ isPublished: true }).where(eq(spaces.id, draft.id));
    expect(await runSearchAlerts(db, hours(1))).toMatchObject({ sent: 1 });
    const [mail] = await alertsTo(spanish.id);
    expect(mail!.subject).toContain(`Desván ${key} del puerto`);
    expect(mail!.textBody).toContain(`Desván ${key} del puerto`);
    expect(mail!.textBody).not.toContain("Harbor Loft");
    // The word is only in the Spanish translation: an English reader's search does not match.
    expect(await alertsTo(english.id)).toEqual([]);
  });

  it("e-mails when a cancellation frees the searched time, and not while it is booked", async () => {
    const db = database.db;
    const title = `${word()} Studio`;
    const s = await bookingScenario(db, { now: NOW.toISOString(), listing: { title }, quickUsers: true });
    const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
    const paid = await s.pay(s.guest, hold.clientSecret);
    expect(paid.ok).toBe(true);
    const watcher = await createUser(db, { signIn: false });
    const saved = await saveSearch(db, { userId: watcher.id, query: `q=${encodeURIComponent(title)}&date=2026-06-10&time=10:00&hours=2`, now: NOW });
    expect(saved.ok).toBe(true);

    // A check of this listing while the slot is booked: the search (dates and all) does not find it.
    await db.insert(searchAlertChecks).values({ spaceId: s.space.id, reason: "cancellation", dueAt: NOW });
    expect(await runSearchAlerts(db, hours(1))).toMatchObject({ sent: 0 });
    // Without the time, the same words find it: the time is what kept it out.
    const loose = await createUser(db, { signIn: false });
    await saveSearch(db, { userId: loose.id, query: `q=${encodeURIComponent(title)}`, now: NOW });
    await db.insert(searchAlertChecks).values({ spaceId: s.space.id, reason: "published", dueAt: NOW });
    expect(await runSearchAlerts(db, hours(1))).toMatchObject({ sent: 1 });
    expect(await alertsTo(loose.id)).toHaveLength(1);
    expect(await alertsTo(watcher.id)).toEqual([]);

    expect(await s.cancelAsHost(hold.bookingId)).toMatchObject({ ok: true });
    const checks = await db.select().from(searchAlertChecks).where(eq(searchAlertChecks.spaceId, s.space.id));
    expect(checks.map((check) => check.reason)).toContain("cancellation");
    expect(await runSearchAlerts(db, hours(2))).toMatchObject({ sent: 1 });
    const [mail] = await alertsTo(watcher.id);
    expect(mail?.textBody).toContain("a time came free after a cancellation");
    expect(await alertsTo(s.guest.id)).toEqual([]);
  });

  it("a search near a place alerts only for listings within its radius, and is named by it", async () => {
    const db = database.db;
    const host = await createUser(db, { signIn: false });
    const guest = await createUser(db, { signIn: false });
    const shared = word();
    await saveSearch(db, { userId: guest.id, query: `q=${shared}&near=Chicago&radius=25`, now: NOW });
    expect((await listSavedSearches(db, guest.id)).map((saved) => saved.label)).toEqual([`“${shared}” · within 25 km of Chicago`]);

    // The same words in Boston (1 300 km away): the radius keeps it out.
    const far = await publish(host, `${shared} Boston Loft`);
    await db.update(spaces).set({ latitude: 42.3584, longitude: -71.0598, publicLatitude: 42.36, publicLongitude: -71.06 }).where(eq(spaces.id, far.id));
    expect(await runSearchAlerts(db, hours(1))).toMatchObject({ checks: 1, sent: 0 });
    expect(await alertsTo(guest.id)).toEqual([]);

    // In Chicago's West Loop, 3 km from the centre: one e-mail.
    const near = await publish(host, `${shared} West Loop Studio`);
    await db.update(spaces).set({ latitude: 41.8827, longitude: -87.6475, publicLatitude: 41.884, publicLongitude: -87.645 }).where(eq(spaces.id, near.id));
    expect(await runSearchAlerts(db, hours(2))).toMatchObject({ checks: 1, sent: 1 });
    const mails = await alertsTo(guest.id);
    expect(mails.map((mail) => mail.subject)).toEqual([`New for your search: ${shared} West Loop Studio`]);
  });
});
