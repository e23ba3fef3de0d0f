import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActions } from "~/db/schema/admin";
import { localPaymentIntents, payouts, providerCalls } from "~/db/schema/bookings";
import { bookingDeposits, depositClaims } from "~/db/schema/deposits";
import { emailOutbox } from "~/db/schema/mail";
import { mediaUploads } from "~/db/schema/media";
import { ledgerEntries } from "~/db/schema/payouts";
import { depositProblems } from "~/features/payouts/reconcile.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { claimTooHigh, DEPOSIT_MESSAGES } from "./deposit-rules";
import { answerClaim, decideClaim, loadDepositView, openClaim, runDepositSweeps } from "./deposits.server";
import { changeBooking, rescheduleBooking } from "./reschedule.server";
import { zonedInstant } from "./slots";

/**
 * Security deposits and damage claims (issue #28 point 2, ADRs 0283 and 0284): every deposit
 * transition through the real functions and the local processor, and the bad input the issue
 * names — a claim above the deposit, a second claim, a claim after the release, an answer after
 * 72 hours: a clear message, nothing stored, nothing moved. On PGlite, and on PostgreSQL with
 * TEST_DB_ENGINE=postgres.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEPOSIT = 50_000;
const DECLINES_LATER = "4000 0000 0000 0341";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A confirmed booking of a listing asking a $500.00 deposit, `days` from now (10:00–12:00 New York). */
async function depositBooking(options: { days?: number; card?: string } = {}) {
  const db = database.db;
  const s = await bookingScenario(db, { now: NOW, quickUsers: true, listing: { depositRequired: true, depositAmount: DEPOSIT } });
  const date = new Date(Date.parse(NOW) + (options.days ?? 2) * DAY).toISOString().slice(0, 10);
  const hold = await s.book(s.guest, { date, hour: 10, hours: 2 });
  const paid = await s.pay(s.guest, hold.clientSecret, options.card ? { number: options.card } : {});
  expect(paid.ok).toBe(true);
  const bookingId = hold.bookingId;
  const booking = await s.booking(bookingId);
  expect(booking.status).toBe("confirmed");
  const deposit = async () => (await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId)))[0]!;
  const claim = async () => (await db.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId)))[0];
  const depositIntent = async () => (await db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.bookingId, bookingId), eq(localPaymentIntents.purpose, "deposit"))))[0];
  const mails = async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "deposit"))).filter((mail) => mail.dedupeKey?.endsWith(bookingId));
  const afterEnd = (ms: number) => new Date(booking.endTime.getTime() + ms);
  const problems = async () => (await depositProblems(db)).filter((problem) => problem.bookingId === bookingId);
  return { s, db, bookingId, booking, deposit, claim, depositIntent, mails, afterEnd, problems };
}

type World = Awaited<ReturnType<typeof depositBooking>>;

const claimAs = (w: World, input: { amount?: unknown; description?: unknown; photos?: unknown; userId?: string; now?: Date } = {}) =>
  openClaim(w.db, {
    userId: input.userId ?? w.s.host.id,
    bookingId: w.bookingId,
    amount: "amount" in input ? input.amount : "120.50",
    description: "description" in input ? input.description : "A cracked side mirror.",
    photos: input.photos ?? [],
    now: input.now ?? w.afterEnd(HOUR),
  });

describe("authorise_deposit", () => {
  it("a start within 6 days: the deposit is held at confirmation, off-session with the saved card, apart from the payment", async () => {
    const w = await depositBooking({ days: 2 });
    expect(await w.deposit()).toMatchObject({ status: "authorised", amount: DEPOSIT, currency: "USD", callId: null });
    const intent = await w.depositIntent();
    expect(intent).toMatchObject({ status: "requires_capture", amount: DEPOSIT, captureMethod: "manual", purpose: "deposit" });
    expect((await w.deposit()).intentId).toBe(intent!.id);
    // The booking's own payment is untouched and is still the booking's intent.
    expect((await w.s.intent(w.bookingId)).status).toBe("succeeded");
    expect(w.booking.paymentIntentId).not.toBe(intent!.id);
    const calls = await w.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, w.bookingId), eq(providerCalls.purpose, "deposit")));
    expect(calls.map((call) => [call.kind, call.reason, call.status])).toEqual([["create_intent", "authorise_deposit", "succeeded"]]);
    expect((await w.mails()).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Deposit held/)]);
    expect(await w.problems()).toEqual([]);
  });

  it("a later start: scheduled, authorised by the job 2 days before the start, not before", async () => {
    const w = await depositBooking({ days: 20 });
    const scheduled = await w.deposit();
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.authoriseAt.getTime()).toBe(w.booking.startTime.getTime() - 2 * DAY);
    await runDepositSweeps(w.db, new Date(scheduled.authoriseAt.getTime() - 1));
    expect((await w.deposit()).status).toBe("scheduled");
    await runDepositSweeps(w.db, scheduled.authoriseAt);
    expect((await w.deposit()).status).toBe("authorised");
    expect((await w.depositIntent())?.status).toBe("requires_capture");
  });

  it("a saved card that declines off-session: the deposit failed, guest and host told (the host may cancel with a full refund)", async () => {
    const w = await depositBooking({ days: 2, card: DECLINES_LATER });
    expect(await w.deposit()).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    const mails = await w.mails();
    expect(mails.map((mail) => mail.toEmail).sort()).toEqual([w.s.guest.email, w.s.host.email].sort());
    expect(mails.find((mail) => mail.toEmail === w.s.host.email)?.textBody).toContain("You may cancel the booking from your dashboard; the guest gets a full refund.");
    const refused = await claimAs(w);
    expect(refused).toMatchObject({ ok: false, status: 409, error: DEPOSIT_MESSAGES.notHeld });
  });

  it("a booking cancelled before the authorisation never authorises it; one cancelled after releases it", async () => {
    const early = await depositBooking({ days: 20 });
    expect((await early.s.cancel(early.s.guest, early.bookingId)).ok).toBe(true);
    await runDepositSweeps(early.db, new Date(Date.parse(NOW) + 19 * DAY));
    expect(await early.deposit()).toMatchObject({ status: "released", intentId: null });
    expect(await early.depositIntent()).toBeUndefined();

    const late = await depositBooking({ days: 2 });
    expect((await late.s.cancelAsHost(late.bookingId)).ok).toBe(true);
    await runDepositSweeps(late.db, new Date(Date.parse(NOW) + HOUR));
    expect((await late.deposit()).status).toBe("released");
    expect((await late.depositIntent())?.status).toBe("canceled");
  });
});

describe("release_deposit", () => {
  it("DEPOSIT_RELEASE_DAYS (2) after the end with no claim: released, nothing captured; a claim after that is refused", async () => {
    const w = await depositBooking();
    await runDepositSweeps(w.db, w.afterEnd(2 * DAY - 1));
    expect((await w.deposit()).status).toBe("authorised");
    await runDepositSweeps(w.db, w.afterEnd(2 * DAY));
    expect(await w.deposit()).toMatchObject({ status: "released", capturedAmount: 0 });
    expect((await w.depositIntent())?.status).toBe("canceled");
    expect((await w.mails()).map((mail) => mail.subject)).toContain(`Deposit released: ${w.s.space.title}`);
    expect(await claimAs(w, { now: w.afterEnd(2 * DAY + HOUR) })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.released });
    expect(await w.claim()).toBeUndefined();
    expect(await w.problems()).toEqual([]);
  });
});

describe("claim_deposit", () => {
  it("refuses a claim above the deposit, before the end, by someone else, or without a description: a clear message, nothing stored", async () => {
    const w = await depositBooking();
    expect(await claimAs(w, { amount: "500.01" })).toEqual({ ok: false, status: 422, error: claimTooHigh(DEPOSIT, "USD"), fields: { amount: "The claim can't be more than the deposit ($500.00)." } });
    expect(await claimAs(w, { amount: "0" })).toMatchObject({ status: 422, fields: { amount: DEPOSIT_MESSAGES.amountTooSmall } });
    expect(await claimAs(w, { amount: "12.345" })).toMatchObject({ status: 422, fields: { amount: DEPOSIT_MESSAGES.amountInvalid } });
    expect(await claimAs(w, { description: "   " })).toMatchObject({ status: 422, fields: { description: DEPOSIT_MESSAGES.descriptionRequired } });
    expect(await claimAs(w, { description: "x".repeat(2001) })).toMatchObject({ status: 422, fields: { description: DEPOSIT_MESSAGES.descriptionTooLong } });
    expect(await claimAs(w, { photos: ["/media/someone/else.webp"] })).toMatchObject({ status: 422, fields: { photos: DEPOSIT_MESSAGES.badPhoto } });
    expect(await claimAs(w, { photos: Array.from({ length: 7 }, (_, i) => `/media/x/${i}.webp`) })).toMatchObject({ status: 422, fields: { photos: DEPOSIT_MESSAGES.tooManyPhotos } });
    expect(await claimAs(w, { now: w.afterEnd(-HOUR) })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.notEnded });
    expect(await claimAs(w, { userId: w.s.guest.id })).toEqual({ ok: false, status: 403, error: DEPOSIT_MESSAGES.notHost });
    expect(await w.claim()).toBeUndefined();
    expect((await w.deposit()).status).toBe("authorised");
    expect(await w.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, w.bookingId), eq(providerCalls.reason, "capture_claim")))).toEqual([]);
  });

  it("opens one claim with the host's photos, tells the guest; a second claim is refused", async () => {
    const w = await depositBooking();
    const photo = `/media/${w.s.host.id}/claim-photo.webp`;
    await w.db.insert(mediaUploads).values({ key: `${w.s.host.id}/claim-photo.webp`, userId: w.s.host.id, url: photo, kind: "image", bytes: 100 });
    const opened = await claimAs(w, { photos: [photo] });
    expect(opened.ok).toBe(true);
    expect(await w.claim()).toMatchObject({ amount: 12_050, status: "open", photos: [photo], description: "A cracked side mirror." });
    expect((await w.claim())!.guestAnswerBy.getTime()).toBe(w.afterEnd(HOUR).getTime() + 72 * HOUR);
    expect((await w.deposit()).status).toBe("claimed");
    expect((await w.mails()).map((mail) => mail.toEmail)).toContain(w.s.guest.email);
    expect(await claimAs(w, { amount: "10" })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.alreadyClaimed });
    expect((await w.db.select().from(depositClaims).where(eq(depositClaims.bookingId, w.bookingId))).length).toBe(1);
    // A claimed deposit is not released by the clock.
    await runDepositSweeps(w.db, w.afterEnd(2 * DAY + HOUR - 1));
    expect((await w.deposit()).status).toBe("claimed");
    const view = await loadDepositView(w.db, { bookingId: w.bookingId, role: "guest", endTime: w.booking.endTime, now: w.afterEnd(2 * HOUR) });
    expect(view).toMatchObject({ status: "claimed", canClaim: false, canAnswer: true, claim: { amount: 12_050, status: "open" } });
  });
});

describe("accept_claim and capture_claim", () => {
  it("the guest accepts: the claim is captured from the deposit (the rest let go), in the ledger and in a payout of its own", async () => {
    const w = await depositBooking();
    await claimAs(w);
    expect(await answerClaim(w.db, { userId: w.s.host.id, bookingId: w.bookingId, answer: "accept", now: w.afterEnd(2 * HOUR) })).toMatchObject({ ok: false, status: 403 });
    expect(await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "accept", now: w.afterEnd(2 * HOUR) })).toEqual({ ok: true });
    expect(await w.claim()).toMatchObject({ status: "accepted", acceptedBy: "guest", capturedAmount: 12_050 });
    expect(await w.deposit()).toMatchObject({ status: "captured", capturedAmount: 12_050 });
    expect(await w.depositIntent()).toMatchObject({ status: "succeeded", amount: 12_050 });
    const [payout] = await w.db.select().from(payouts).where(and(eq(payouts.bookingId, w.bookingId), eq(payouts.kind, "claim")));
    expect(payout).toMatchObject({ amount: 12_050, hostId: w.s.host.id, status: "scheduled" });
    expect((await w.claim())!.payoutId).toBe(payout!.id);
    const ledger = await w.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, w.bookingId), eq(ledgerEntries.kind, "deposit_capture")));
    expect(ledger.map((entry) => entry.amount)).toEqual([12_050]);
    // The booking's own payout is still the booking's.
    const [own] = await w.db.select().from(payouts).where(and(eq(payouts.bookingId, w.bookingId), eq(payouts.kind, "booking")));
    expect(own!.amount).toBe(w.booking.rentalAmount);
    expect(await w.problems()).toEqual([]);
    // Answering again changes nothing.
    expect(await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "dispute", now: w.afterEnd(3 * HOUR) })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.notOpen });
  });

  it("after 72 hours the guest can no longer answer; the job accepts the claim and captures it", async () => {
    const w = await depositBooking();
    await claimAs(w);
    const deadline = (await w.claim())!.guestAnswerBy;
    expect(await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "dispute", now: deadline })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.answerLate });
    expect((await w.claim())!.status).toBe("open");
    await runDepositSweeps(w.db, deadline);
    expect(await w.claim()).toMatchObject({ status: "accepted", acceptedBy: "clock", capturedAmount: 12_050 });
    expect((await w.deposit()).status).toBe("captured");
    expect(await w.problems()).toEqual([]);
  });

  it("an authorisation older than 7 days has lapsed: the claim is a new off-session charge of the saved card", async () => {
    const w = await depositBooking();
    await claimAs(w);
    await w.db.update(bookingDeposits).set({ authorisedAt: new Date(Date.parse(NOW) - 8 * DAY) }).where(eq(bookingDeposits.bookingId, w.bookingId));
    expect(await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "accept", now: w.afterEnd(2 * HOUR) })).toEqual({ ok: true });
    const calls = await w.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, w.bookingId), eq(providerCalls.reason, "capture_claim")));
    expect(calls.map((call) => [call.kind, call.status, call.amount])).toEqual([["create_intent", "succeeded", 12_050]]);
    expect(await w.claim()).toMatchObject({ capturedAmount: 12_050 });
    expect(await w.problems()).toEqual([]);
  });
});

describe("dispute_claim and decide_claim", () => {
  it("the guest disputes within 72 hours; an admin decides an amount up to the claim with a note: captured, logged, both told", async () => {
    const w = await depositBooking();
    const admin = await createUser(w.db, { signIn: false });
    await claimAs(w);
    const claimId = (await w.claim())!.id;
    expect(await decideClaim(w.db, { adminId: admin.id, claimId, amount: "50", note: "Half", now: w.afterEnd(2 * HOUR) })).toEqual({ ok: false, status: 409, error: DEPOSIT_MESSAGES.notDisputed });
    expect(await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "dispute", now: w.afterEnd(2 * HOUR) })).toEqual({ ok: true });
    expect(await w.claim()).toMatchObject({ status: "disputed" });
    expect((await w.mails()).some((mail) => mail.toEmail === w.s.host.email && mail.subject.startsWith("Claim disputed"))).toBe(true);
    // The clock does not accept a disputed claim.
    await runDepositSweeps(w.db, w.afterEnd(10 * DAY));
    expect((await w.claim())!.status).toBe("disputed");
    expect(await decideClaim(w.db, { adminId: admin.id, claimId, amount: "120.51", note: "Too much", now: w.afterEnd(3 * HOUR) })).toMatchObject({ ok: false, status: 422, fields: { amount: expect.stringContaining("$120.50") } });
    expect(await decideClaim(w.db, { adminId: admin.id, claimId, amount: "60", note: " ", now: w.afterEnd(3 * HOUR) })).toMatchObject({ ok: false, status: 422, fields: { note: DEPOSIT_MESSAGES.noteRequired } });
    expect((await w.claim())!.status).toBe("disputed");
    expect(await decideClaim(w.db, { adminId: admin.id, claimId, amount: "60", note: "The mirror was already scratched at check-in.", now: w.afterEnd(3 * HOUR) })).toEqual({ ok: true });
    expect(await w.claim()).toMatchObject({ status: "decided", decidedAmount: 6_000, decidedBy: admin.id, capturedAmount: 6_000 });
    expect(await w.deposit()).toMatchObject({ status: "captured", capturedAmount: 6_000 });
    const log = await w.db.select().from(adminActions).where(eq(adminActions.targetId, w.bookingId));
    expect(log.map((row) => [row.action, row.reason])).toEqual([["decide_claim", "The mirror was already scratched at check-in."]]);
    const decided = (await w.mails()).filter((mail) => mail.subject.startsWith("Claim decided"));
    expect(decided.map((mail) => mail.toEmail).sort()).toEqual([w.s.guest.email, w.s.host.email].sort());
    expect(await w.problems()).toEqual([]);
  });

  it("a decision of 0 releases the deposit: nothing captured", async () => {
    const w = await depositBooking();
    const admin = await createUser(w.db, { signIn: false });
    await claimAs(w);
    await answerClaim(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, answer: "dispute", now: w.afterEnd(2 * HOUR) });
    expect(await decideClaim(w.db, { adminId: admin.id, claimId: (await w.claim())!.id, amount: "0", note: "No damage shown.", now: w.afterEnd(3 * HOUR) })).toEqual({ ok: true });
    expect(await w.deposit()).toMatchObject({ status: "released", capturedAmount: 0 });
    expect((await w.depositIntent())?.status).toBe("canceled");
    expect(await w.problems()).toEqual([]);
  });
});

describe("a rescheduled booking's deposit follows its new times (ADR 0290)", () => {
  /** An hour after the booking was made: every call of the move comes after the booking's own (the calls are listed by time). */
  const MOVED_AT = new Date(Date.parse(NOW) + HOUR);
  /** The booking moved in place (same length) to 10:00 New York, `days` from NOW. */
  const moveTo = (w: World, days: number) =>
    rescheduleBooking(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, startTime: zonedInstant(dayFromNow(days), 10, "America/New_York"), now: MOVED_AT });
  const dayFromNow = (days: number) => new Date(Date.parse(NOW) + days * DAY).toISOString().slice(0, 10);
  const depositCalls = (w: World) => w.db.select().from(providerCalls).where(and(eq(providerCalls.bookingId, w.bookingId), eq(providerCalls.purpose, "deposit"))).orderBy(providerCalls.createdAt);
  const guestView = async (w: World) => {
    const booking = await w.s.booking(w.bookingId);
    return loadDepositView(w.db, { bookingId: w.bookingId, role: "guest", endTime: booking.endTime, now: new Date(NOW) });
  };

  it("scheduled, moved later: held 2 days before the new start (not the old), released 2 days after the new end", async () => {
    const w = await depositBooking({ days: 20 });
    const before = await w.deposit();
    expect(before.authoriseAt.getTime()).toBe(w.booking.startTime.getTime() - 2 * DAY);
    const moved = await moveTo(w, 30);
    expect(moved.ok).toBe(true);
    const booking = await w.s.booking(w.bookingId);
    const after = await w.deposit();
    expect(after).toMatchObject({ status: "scheduled", authoriseAt: new Date(booking.startTime.getTime() - 2 * DAY), releaseAt: new Date(booking.endTime.getTime() + 2 * DAY) });
    // What the guest's booking page says.
    expect(await guestView(w)).toMatchObject({ status: "scheduled", authoriseAt: after.authoriseAt.toISOString(), releaseAt: after.releaseAt.toISOString() });
    // The old date passes without a hold; the new one brings it.
    await runDepositSweeps(w.db, before.authoriseAt);
    expect((await w.deposit()).status).toBe("scheduled");
    await runDepositSweeps(w.db, after.authoriseAt);
    expect((await w.deposit()).status).toBe("authorised");
    expect(await w.problems()).toEqual([]);
  });

  it("scheduled, moved to within 6 days: held at once, in the move", async () => {
    const w = await depositBooking({ days: 20 });
    expect((await moveTo(w, 4)).ok).toBe(true);
    const booking = await w.s.booking(w.bookingId);
    expect(await w.deposit()).toMatchObject({ status: "authorised", callId: null, releaseAt: new Date(booking.endTime.getTime() + 2 * DAY) });
    expect((await w.depositIntent())?.status).toBe("requires_capture");
    expect((await depositCalls(w)).map((call) => [call.kind, call.reason, call.status])).toEqual([["create_intent", "authorise_deposit", "succeeded"]]);
    expect((await w.mails()).map((mail) => mail.subject)).toEqual([`Deposit held: ${w.s.space.title}`]);
  });

  it("held, moved within the hold's 7 days: the same hold stays, released 2 days after the new end", async () => {
    const w = await depositBooking({ days: 3 });
    const held = await w.deposit();
    expect(held.status).toBe("authorised");
    expect((await moveTo(w, 5)).ok).toBe(true);
    const booking = await w.s.booking(w.bookingId);
    expect(await w.deposit()).toMatchObject({ status: "authorised", intentId: held.intentId, releaseAt: new Date(booking.endTime.getTime() + 2 * DAY) });
    // Not released at the old date.
    await runDepositSweeps(w.db, new Date(w.booking.endTime.getTime() + 2 * DAY));
    expect((await w.deposit()).status).toBe("authorised");
    await runDepositSweeps(w.db, new Date(booking.endTime.getTime() + 2 * DAY));
    expect((await w.deposit()).status).toBe("released");
    expect(await w.problems()).toEqual([]);
  });

  it("held, moved past the hold's 7 days: the hold is let go in the move and taken again 2 days before the new start", async () => {
    const w = await depositBooking({ days: 3 });
    const held = await w.deposit();
    expect((await moveTo(w, 20)).ok).toBe(true);
    const booking = await w.s.booking(w.bookingId);
    const after = await w.deposit();
    expect(after).toMatchObject({ status: "scheduled", intentId: null, callId: null, authoriseAt: new Date(booking.startTime.getTime() - 2 * DAY), releaseAt: new Date(booking.endTime.getTime() + 2 * DAY) });
    const [old] = await w.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, held.intentId!));
    expect(old!.status).toBe("canceled");
    await runDepositSweeps(w.db, after.authoriseAt);
    const again = await w.deposit();
    expect(again.status).toBe("authorised");
    expect(again.intentId).not.toBe(held.intentId);
    expect((await depositCalls(w)).map((call) => [call.kind, call.reason, call.status])).toEqual([
      ["create_intent", "authorise_deposit", "succeeded"],
      ["cancel_intent", "reschedule", "succeeded"],
      ["create_intent", "authorise_deposit", "succeeded"],
    ]);
    expect(await w.problems()).toEqual([]);
  });

  it("a change of length: the replaced booking's deposit is let go as the new booking's is scheduled from the new times", async () => {
    const w = await depositBooking({ days: 3 });
    const held = await w.deposit();
    w.s.advance(MOVED_AT.getTime() - w.s.now.getTime());
    const changed = await changeBooking(w.db, { userId: w.s.guest.id, bookingId: w.bookingId, startTime: zonedInstant(dayFromNow(20), 10, "America/New_York"), duration: 3, now: w.s.now });
    if (!changed.ok || !changed.checkout) throw new Error("the change was refused");
    expect((await w.s.pay(w.s.guest, changed.checkout.clientSecret)).ok).toBe(true);
    // In the payment's own transaction, no job needed: the old hold is released...
    expect(await w.deposit()).toMatchObject({ status: "released", capturedAmount: 0 });
    const [old] = await w.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, held.intentId!));
    expect(old!.status).toBe("canceled");
    // ...and the new booking's deposit follows its own times.
    const replacement = await w.s.booking(changed.checkout.bookingId);
    const [next] = await w.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, replacement.id));
    expect(next).toMatchObject({ status: "scheduled", amount: DEPOSIT, authoriseAt: new Date(replacement.startTime.getTime() - 2 * DAY), releaseAt: new Date(replacement.endTime.getTime() + 2 * DAY) });
    expect(await w.problems()).toEqual([]);
  });
});
