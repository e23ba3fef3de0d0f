import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "~/db/schema/mail";
import { logger } from "~/lib/logger.server";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createUser } from "../../../tests/factories/users";
import { startSmtpServer } from "../../../tests/setup/smtp-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { listMailFiles, readMailFile } from "./mail-files.server";
import { claimDueEmails, OUTBOX_BATCH, queueEmail, retryDelayMs, sendDueEmails } from "./outbox.server";
import { setEnabledEmailKinds } from "./preferences.server";
import { renderEmail } from "./render";
import { fileTransport, smtpTransport } from "./transport.server";

/** The outbox and the mail-outbox job (ADR 0170), on PGlite and with TEST_DB_ENGINE=postgres on PostgreSQL. */
let database: TestDatabase;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const mail = (to: string, extra: Partial<Parameters<typeof queueEmail>[1]> = {}) =>
  queueEmail(database.db, { ...renderEmail({ subject: "Hello <b>", heading: "Hi <script>", paragraphs: ["Body & more"] }), kind: "booking_confirmed", to, now: NOW, ...extra });

async function row(id: string) {
  const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

/** Leaves nothing due before a test's own e-mails. */
async function drain(at: Date) {
  await database.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
  return at;
}

describe("queueEmail", () => {
  it("stores an e-mail once per dedupe key and skips kinds the user turned off (never receipts)", async () => {
    const user = await createUser(database.db);
    expect(await mail(user.email, { dedupeKey: `k-${user.id}` })).toMatchObject({ queued: true });
    expect(await mail(user.email, { dedupeKey: `k-${user.id}` })).toEqual({ queued: false, reason: "duplicate" });
    await setEnabledEmailKinds(database.db, user.id, ["payout_sent"], NOW);
    expect(await mail(user.email, { kind: "review_request", userId: user.id })).toEqual({ queued: false, reason: "opted-out" });
    expect(await mail(user.email, { kind: "payout_sent", userId: user.id })).toMatchObject({ queued: true });
    expect(await mail(user.email, { kind: "booking_cancelled", userId: user.id })).toMatchObject({ queued: true });
  });
});

describe("sendDueEmails", () => {
  it("sends everything due in one run, batch after batch, each e-mail once", async () => {
    const at = await drain(NOW);
    for (let i = 0; i < 2 * OUTBOX_BATCH + 5; i++) await mail(`many-${i}@example.test`);
    const sent: string[] = [];
    const run = await sendDueEmails(database.db, at, { send: async (email) => void sent.push(email.to) });
    expect(run).toEqual({ sent: 2 * OUTBOX_BATCH + 5, retrying: 0, failed: 0 });
    expect(new Set(sent).size).toBe(2 * OUTBOX_BATCH + 5);
  });

  it("delivers through an SMTP server: text and HTML parts, escaped, headers kept", async () => {
    const smtp = await startSmtpServer("accept");
    try {
      const at = await drain(NOW);
      const queued = await mail("guest@example.test", { headers: { "List-Unsubscribe": "<https://rentwell.test/u>" } });
      const run = await sendDueEmails(database.db, at, smtpTransport(smtp.url, "Rentwell <no-reply@rentwell.test>"));
      expect(run).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0]!;
      expect(message.to).toEqual(["guest@example.test"]);
      expect(message.data).toContain("List-Unsubscribe: <https://rentwell.test/u>");
      expect(message.data).toContain("text/plain");
      expect(message.data).toContain("text/html");
      // The HTML part (quoted-printable, soft line breaks joined) carries the text escaped.
      const unfolded = message.data.replace(/=\r?\n/g, "");
      expect(unfolded).toContain("Hi &lt;script&gt;</h1>");
      expect(unfolded).not.toContain("<h1 style=3D\"font-size:20px\">Hi <script>");
      if (!queued.queued) throw new Error("not queued");
      expect(await row(queued.id)).toMatchObject({ status: "sent", attempts: 1, sentAt: at });
      expect(await sendDueEmails(database.db, at, smtpTransport(smtp.url))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      await smtp.close();
    }
  });

  it("retries with back-off when the SMTP server refuses, logs it, and delivers once it is back", async () => {
    const refusing = await startSmtpServer("refuse");
    const warn = vi.spyOn(logger, "warn");
    try {
      const at = await drain(NOW);
      const queued = await mail("host@example.test");
      if (!queued.queued) throw new Error("not queued");
      expect(await sendDueEmails(database.db, at, smtpTransport(refusing.url))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await row(queued.id)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: new Date(at.getTime() + MINUTE) });
      expect((await row(queued.id)).lastError).toBeTruthy();
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ emailId: queued.id, attempts: 1 }), "e-mail could not be sent; will retry");
      // Not due again before its back-off.
      expect(await sendDueEmails(database.db, new Date(at.getTime() + 30_000), smtpTransport(refusing.url))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      const second = new Date(at.getTime() + MINUTE);
      expect(await sendDueEmails(database.db, second, smtpTransport(refusing.url))).toMatchObject({ retrying: 1 });
      expect(await row(queued.id)).toMatchObject({ attempts: 2, nextAttemptAt: new Date(second.getTime() + 2 * MINUTE) });

      const accepting = await startSmtpServer("accept");
      try {
        expect(await sendDueEmails(database.db, new Date(second.getTime() + 2 * MINUTE), smtpTransport(accepting.url))).toMatchObject({ sent: 1 });
        expect(accepting.received.map((message) => message.to)).toEqual([["host@example.test"]]);
      } finally {
        await accepting.close();
      }
    } finally {
      warn.mockRestore();
      await refusing.close();
    }
  });

  it("gives up after the last attempt", async () => {
    const at = await drain(NOW);
    const queued = await mail("late@example.test");
    if (!queued.queued) throw new Error("not queued");
    await database.db.update(emailOutbox).set({ attempts: 9 }).where(eq(emailOutbox.id, queued.id));
    const broken = { send: () => Promise.reject(new Error("550 mailbox unavailable")) };
    expect(await sendDueEmails(database.db, at, broken)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row(queued.id)).toMatchObject({ status: "failed", attempts: 10, lastError: "550 mailbox unavailable" });
  });

  it("never lets two runs claim the same e-mail", async () => {
    const at = await drain(NOW);
    for (let n = 0; n < 6; n += 1) await mail(`claim${n}@example.test`);
    const [first, second] = await Promise.all([claimDueEmails(database.db, at, 4), claimDueEmails(database.db, at, 4)]);
    const ids = [...first, ...second].map((claimed) => claimed.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    // A claim is a lease: a run that died mid-send leaves the e-mail due again later.
    expect(await claimDueEmails(database.db, at)).toEqual([]);
    expect(await claimDueEmails(database.db, new Date(at.getTime() + 5 * MINUTE))).toHaveLength(6);
  });

  it("back-off doubles from a minute up to six hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
    expect(retryDelayMs(30)).toBe(6 * 60 * MINUTE);
  });
});

describe("file transport", () => {
  it("writes an .eml file and a summary that /dev/mail lists", async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-mail-"));
    try {
      const at = await drain(NOW);
      await mail("file@example.test", { headers: { "List-Unsubscribe": "<https://rentwell.test/u>" } });
      expect(await sendDueEmails(database.db, at, fileTransport(directory, "Rentwell <no-reply@rentwell.test>"))).toMatchObject({ sent: 1 });
      const listed = await listMailFiles(directory);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ to: "file@example.test", subject: "Hello <b>", kind: "booking_confirmed" });
      const eml = (await readMailFile(listed[0]!.file, directory))!.toString("utf8");
      expect(eml).toContain("To: file@example.test");
      expect(eml).toContain("List-Unsubscribe: <https://rentwell.test/u>");
      expect(await readMailFile("../secret.eml", directory)).toBeNull();
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
  });
});

describe("a broken mail server never fails the request that queued the e-mail", () => {
  it("confirms and cancels bookings while every send fails", async () => {
    const refusing = await startSmtpServer("refuse");
    try {
      await drain(NOW);
      const s = await bookingScenario(database.db, { now: NOW.toISOString() });
      const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
      expect((await s.pay(s.guest, hold.clientSecret)).ok).toBe(true);
      expect(await sendDueEmails(database.db, s.now, smtpTransport(refusing.url))).toMatchObject({ sent: 0, retrying: 2 });
      expect((await s.cancel(s.guest, hold.bookingId)).ok).toBe(true);
      expect((await s.booking(hold.bookingId)).status).toBe("cancelled");
    } finally {
      await refusing.close();
    }
  });
});
