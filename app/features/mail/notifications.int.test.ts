import { formatMinor } from "~/lib/money";
import crypto from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, payouts } from "~/db/schema/bookings";
import { newsletterSubscribers } from "~/db/schema/content";
import { emailOutbox } from "~/db/schema/mail";
import { confirmNewsletter, isConfirmed, subscribeToNewsletter, unsubscribeNewsletter } from "~/features/content/newsletter/subscribe.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { bankDetailsSchema } from "~/features/payouts/bank-details";
import { connectPayoutAccount, refreshPayoutAccount, runPayouts, saveLocalBankDetails } from "~/features/payouts/payouts.server";
import { queuePayoutSentEmail } from "./booking-emails.server";
import { queueNewMessageEmail } from "./message-emails.server";
import { sendMessage, startConversation } from "~/features/messages/messages.server";
import { setEnabledEmailKinds } from "./preferences.server";
import { queueReviewRequests } from "./review-requests.server";

/** Which e-mails each event queues, to whom, with which amounts (ADR 0170). Both engines. */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function outboxFor(...emails: string[]) {
  const rows = await database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.toEmail));
  return rows.filter((row) => emails.includes(row.toEmail));
}

async function paidStay() {
  const s = await bookingScenario(database.db, { now: NOW, listing: { title: "Loft <b>Studio</b>" } });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  return { s, bookingId: hold.bookingId, clientSecret: hold.clientSecret };
}

describe("booking e-mails", () => {
  it("a confirmed booking queues the guest's receipt and the host's notice once, with the amounts", async () => {
    const { s, clientSecret } = await paidStay();
    await s.outcome(s.guest, clientSecret);
    const rows = await outboxFor(s.guest.email, s.host.email);
    expect(rows.map((row) => [row.kind, row.toEmail])).toEqual(
      expect.arrayContaining([
        ["booking_confirmed", s.guest.email],
        ["booking_confirmed", s.host.email],
      ]),
    );
    expect(rows).toHaveLength(2);
    const guestMail = rows.find((row) => row.toEmail === s.guest.email)!;
    expect(guestMail.subject).toBe("Booking confirmed: Loft <b>Studio</b>");
    expect(guestMail.textBody).toContain("Total paid: $110.00");
    expect(guestMail.htmlBody).toContain("Loft &lt;b&gt;Studio&lt;/b&gt;");
    expect(guestMail.htmlBody).not.toContain("<b>Studio");
    expect(rows.find((row) => row.toEmail === s.host.email)!.textBody).toContain("Your earnings: $100.00");
  });

  it("a cancellation tells both sides the refund", async () => {
    const { s, bookingId } = await paidStay();
    const cancelled = await s.cancel(s.guest, bookingId);
    if (!cancelled.ok) throw new Error(cancelled.error);
    const rows = (await outboxFor(s.guest.email, s.host.email)).filter((row) => row.kind === "booking_cancelled");
    expect(rows.map((row) => row.toEmail).sort()).toEqual([s.guest.email, s.host.email].sort());
    const refund = formatMinor(cancelled.refundMinor, "USD");
    expect(rows.find((row) => row.toEmail === s.guest.email)!.textBody).toContain(`Refund: ${refund}`);
    expect(rows.find((row) => row.toEmail === s.host.email)!.textBody).toContain(`Refunded to the guest: ${refund}`);
  });

  it("a declined card tells the guest once", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const hold = await s.book(s.guest, { date: "2026-06-11", hour: 10 });
    await s.pay(s.guest, hold.clientSecret, { number: "4000 0000 0000 0002" });
    await s.pay(s.guest, hold.clientSecret, { number: "4000 0000 0000 0002" });
    const rows = await outboxFor(s.guest.email, s.host.email);
    expect(rows.map((row) => [row.kind, row.toEmail])).toEqual([["payment_failed", s.guest.email]]);
    expect(rows[0]!.textBody).toContain("Your card was declined.");
    expect(rows[0]!.textBody).toContain("$55.00");
  });

  it("a payout sent by the payouts job tells the host once", async () => {
    const { s } = await paidStay();
    const now = new Date(NOW);
    await connectPayoutAccount(database.db, { hostId: s.host.id, email: s.host.email, returnUrl: "/payouts/return", refreshUrl: "/payouts/refresh", now });
    const details = bankDetailsSchema.parse({ intent: "finish", accountHolder: "Ada Host", country: "US", currency: "USD", routingNumber: "110000000", accountNumber: "000123456789" });
    await saveLocalBankDetails(database.db, { hostId: s.host.id, details, now });
    await refreshPayoutAccount(database.db, { hostId: s.host.id, now });
    // The stay ends 10 June 16:00 UTC; the payout is released a day later.
    await runPayouts(database.db, new Date("2026-06-12T00:00:00Z"));
    await runPayouts(database.db, new Date("2026-06-13T00:00:00Z"));
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.hostId, s.host.id));
    expect(payout?.status).toBe("paid");
    await queuePayoutSentEmail(database.db, payout!.id, now);
    const rows = (await outboxFor(s.host.email)).filter((row) => row.kind === "payout_sent");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("Payout sent: $100.00");
  });
});

describe("review requests", () => {
  it("asks the guest once after the stay, not before, not after a review window, not when turned off", async () => {
    const { s } = await paidStay();
    const requests = async () => (await outboxFor(s.guest.email)).filter((row) => row.kind === "review_request");
    await queueReviewRequests(database.db, new Date("2026-06-10T15:00:00Z"));
    expect(await requests()).toHaveLength(0);
    await queueReviewRequests(database.db, new Date("2026-06-10T17:00:00Z"));
    await queueReviewRequests(database.db, new Date("2026-06-10T18:00:00Z"));
    const sent = await requests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain("Write a review: ");

    const other = await paidStay();
    await setEnabledEmailKinds(database.db, other.s.guest.id, [], new Date(NOW));
    await queueReviewRequests(database.db, new Date("2026-06-10T17:00:00Z"));
    expect((await outboxFor(other.s.guest.email)).filter((row) => row.kind === "review_request")).toHaveLength(0);

    const late = await paidStay();
    await database.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, late.bookingId));
    await queueReviewRequests(database.db, new Date("2026-06-30T00:00:00Z"));
    expect((await outboxFor(late.s.guest.email)).filter((row) => row.kind === "review_request")).toHaveLength(0);
  });
});

describe("newsletter double opt-in", () => {
  it("queues a confirmation with List-Unsubscribe; only its link confirms; unsubscribe removes the address", async () => {
    const now = new Date(NOW);
    expect(await subscribeToNewsletter(database.db, { email: "Reader@Example.com", source: "footer" }, now)).toBe("subscribed");
    expect(await isConfirmed(database.db, "reader@example.com")).toBe(false);
    const [confirmation] = await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "newsletter_confirm"), eq(emailOutbox.toEmail, "Reader@Example.com")));
    expect(confirmation!.headers["List-Unsubscribe"]).toMatch(/^<http.*\/newsletter\/unsubscribe\?token=.+>$/);
    expect(confirmation!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(confirmation!.textBody)![1]!;

    // Signing up again before confirming: same answer, no second e-mail within 15 minutes.
    expect(await subscribeToNewsletter(database.db, { email: "reader@example.com", source: "blog" }, now)).toBe("already-subscribed");
    expect(await database.db.select().from(emailOutbox).where(like(emailOutbox.toEmail, "%eader@%xample.com"))).toHaveLength(1);

    expect(await confirmNewsletter(database.db, "wrong", now)).toBe("invalid");
    expect(await confirmNewsletter(database.db, token, now)).toBe("confirmed");
    expect(await isConfirmed(database.db, "READER@example.com")).toBe(true);
    expect(await unsubscribeNewsletter(database.db, token)).toBe("unsubscribed");
    expect(await database.db.select().from(newsletterSubscribers).where(like(newsletterSubscribers.email, "%eader@%"))).toHaveLength(0);
    expect(await unsubscribeNewsletter(database.db, token)).toBe("invalid");
  });
});

describe("new message e-mails", () => {
  it("sends at most one per conversation and recipient every 15 minutes, and none when turned off", async () => {
    const { s } = await paidStay();
    const conversationId = crypto.randomUUID();
    const send = (at: string, recipientId = s.host.id, conversation = conversationId) =>
      database.db.transaction((tx) =>
        queueNewMessageEmail(tx, { conversationId: conversation, recipientId, senderId: recipientId === s.host.id ? s.guest.id : s.host.id, excerpt: "Is parking <b>free</b>?", conversationPath: `/messages/${conversation}`, now: new Date(at) }),
      );
    expect(await send("2026-06-02T10:00:00Z")).toMatchObject({ queued: true });
    expect(await send("2026-06-02T10:14:00Z")).toEqual({ queued: false, reason: "throttled" });
    expect(await send("2026-06-02T10:05:00Z", s.host.id, crypto.randomUUID())).toMatchObject({ queued: true });
    expect(await send("2026-06-02T10:16:00Z")).toMatchObject({ queued: true });
    const rows = (await outboxFor(s.host.email)).filter((row) => row.kind === "new_message");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.htmlBody).toContain("Is parking &lt;b&gt;free&lt;/b&gt;?");
    await setEnabledEmailKinds(database.db, s.guest.id, ["review_request"], new Date(NOW));
    expect(await send("2026-06-02T11:00:00Z", s.guest.id)).toEqual({ queued: false, reason: "opted-out" });
  });
});

describe("messages send e-mails", () => {
  it("a guest's messages to a host queue one e-mail per 15 minutes, with the text escaped", async () => {
    const s = await bookingScenario(database.db, { now: NOW });
    const started = await startConversation(database.db, { userId: s.guest.id, spaceId: s.space.id, now: new Date(NOW) });
    if (!started.ok) throw new Error(started.error);
    const send = (body: string, at: string) => sendMessage(database.db, { conversationId: started.conversationId, senderId: s.guest.id, body, now: new Date(at) });
    expect((await send("Is there <b>parking</b>?", "2026-06-02T10:00:00Z")).ok).toBe(true);
    expect((await send("And Wi-Fi?", "2026-06-02T10:05:00Z")).ok).toBe(true);
    expect((await send("Thanks!", "2026-06-02T10:20:00Z")).ok).toBe(true);
    const rows = (await outboxFor(s.host.email)).filter((row) => row.kind === "new_message");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.htmlBody).toContain("Is there &lt;b&gt;parking&lt;/b&gt;?");
    expect(rows[0]!.textBody).toContain(`/messages/${started.conversationId}`);
    expect(await outboxFor(s.guest.email)).toHaveLength(0);
  });
});
