import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { emailOutbox, emailPreferences, type EmailKind } from "~/db/schema/mail";
import type { Db, Tx } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { isOptionalEmailKind } from "./email-kinds";
import type { RenderedEmail } from "./render";
import { mailTransport, type MailTransport } from "./transport.server";

/**
 * The e-mail outbox (ADR 0170). Code that changes something worth an e-mail calls
 * `queueEmail` in the same transaction, so the e-mail exists exactly when the change
 * does; the `mail-outbox` job sends it later, with retries, so a slow or broken mail
 * server never fails or delays the request.
 */
export type QueueEmailInput = RenderedEmail & {
  kind: EmailKind;
  to: string;
  /** The recipient's account, when there is one: their notification settings apply. */
  userId?: string | null;
  headers?: Record<string, string>;
  /** At most one e-mail per key, ever (a second call is ignored). */
  dedupeKey?: string;
  /** Throttling group (see `throttled`). */
  topic?: string;
  now: Date;
};

export type QueueResult = { queued: true; id: string } | { queued: false; reason: "opted-out" | "duplicate" | "throttled" };

export async function queueEmail(tx: Db | Tx, input: QueueEmailInput): Promise<QueueResult> {
  if (input.userId && isOptionalEmailKind(input.kind) && (await hasTurnedOff(tx, input.userId, input.kind))) {
    return { queued: false, reason: "opted-out" };
  }
  const inserted = await tx
    .insert(emailOutbox)
    .values({
      kind: input.kind,
      toEmail: input.to,
      userId: input.userId ?? null,
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html,
      headers: input.headers ?? {},
      dedupeKey: input.dedupeKey ?? null,
      topic: input.topic ?? null,
      nextAttemptAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return inserted[0] ? { queued: true, id: inserted[0].id } : { queued: false, reason: "duplicate" };
}

/**
 * Whether an e-mail of `topic` was queued within `windowMs` before `now`. Takes a
 * transaction-scoped lock on the topic first, so two requests at once cannot both
 * decide that none was sent.
 */
export async function throttled(tx: Tx, topic: string, windowMs: number, now: Date): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rentwell-mail:${topic}`}))`);
  const since = new Date(now.getTime() - windowMs);
  const recent = await tx.execute<{ found: number }>(
    sql`select 1 as found from ${emailOutbox} where ${emailOutbox.topic} = ${topic} and ${emailOutbox.createdAt} > ${since} limit 1`,
  );
  return recent.rows.length > 0;
}

async function hasTurnedOff(tx: Db | Tx, userId: string, kind: EmailKind): Promise<boolean> {
  const [row] = await tx
    .select({ disabled: emailPreferences.disabledKinds })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row?.disabled.includes(kind) ?? false;
}

/** How many e-mails one claim takes, how long a claim lasts, and when we give up. */
export const OUTBOX_BATCH = 20;
/**
 * How long one run keeps claiming while batches come back full (under the job's 15 s
 * interval). One batch a run sent 80 e-mails a minute across all machines (ADR 0268).
 */
export const RUN_BUDGET_MS = 10_000;
export const CLAIM_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;

/** Back-off after the n-th failed attempt: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims due e-mails: FOR UPDATE SKIP LOCKED, so processes running the job at the
 * same moment take different rows; the claim moves `next_attempt_at` one lease
 * ahead, so a process that dies while sending leaves the e-mail to be retried.
 */
export async function claimDueEmails(db: Db, now: Date, limit = OUTBOX_BATCH): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export type OutboxRun = { sent: number; retrying: number; failed: number };

/**
 * The `mail-outbox` job: sends what is due, batch after batch while they come back full
 * (for at most RUN_BUDGET_MS); a failure is logged and retried later.
 */
export async function sendDueEmails(db: Db, now: Date, transport: MailTransport = mailTransport()): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  const started = performance.now();
  for (;;) {
    const batch = await claimDueEmails(db, now);
    await sendBatch(db, now, transport, batch, run);
    if (batch.length < OUTBOX_BATCH || performance.now() - started > RUN_BUDGET_MS) return run;
  }
}

async function sendBatch(db: Db, now: Date, transport: MailTransport, batch: OutboxRow[], run: OutboxRun) {
  for (const row of batch) {
    try {
      await transport.send({ id: row.id, kind: row.kind, to: row.toEmail, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers });
      await db.update(emailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(emailOutbox.id, row.id));
      run.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      await db
        .update(emailOutbox)
        .set({ status: givingUp ? "failed" : "pending", lastError: message.slice(0, 1000), nextAttemptAt: retryAt })
        .where(eq(emailOutbox.id, row.id));
      if (givingUp) run.failed += 1;
      else run.retrying += 1;
      logger.warn(
        { emailId: row.id, kind: row.kind, attempts: row.attempts, retryAt: givingUp ? null : retryAt.toISOString(), reason: message },
        givingUp ? "e-mail could not be sent; giving up" : "e-mail could not be sent; will retry",
      );
    }
  }
}
