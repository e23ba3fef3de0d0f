import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { localPaymentIntents, payments } from "~/db/schema/bookings";
import { CARD_MESSAGES, PROCESSING_MS, TEST_CARDS, cardBrand, cardDigits, cardError, testCardOutcome, type CardInput } from "~/features/bookings/card";
import type { Db } from "~/lib/db.server";
import { ProviderError, type CreateIntentInput, type PaymentProvider, type RemoteIntent, type RemoteRefund } from "./contracts";

/**
 * PAYMENT_PROVIDER=local: the built-in test-mode card processor (ADR 0103), behaving as
 * an outside service would (issue #25): each call is its own transaction on the
 * processor's tables, never the caller's, and every call that moves money is
 * idempotent by its key: the intent's and the refund's ids are derived from it, so a
 * repeated call returns the first result.
 *
 * Tests make it fail like a real service with `injectLocalFault`: an error, a
 * time-out (nothing done, no answer) or a lost answer (done, then no answer).
 */
type Row = typeof localPaymentIntents.$inferSelect;

export type LocalCall = "createIntent" | "retrieveIntent" | "cancelIntent" | "captureIntent" | "refund" | "confirmCard";
export type LocalFault = { call: LocalCall; mode: "error" | "timeout" | "lose-answer"; times?: number };

const faults: LocalFault[] = [];

/** Makes the next `times` (default 1) calls of one kind fail as `mode` says. */
export function injectLocalFault(fault: LocalFault) {
  faults.push({ ...fault, times: fault.times ?? 1 });
}

export function clearLocalFaults() {
  faults.length = 0;
}

/** Runs a processor call under the injected faults. */
async function faultable<T>(call: LocalCall, perform: () => Promise<T>): Promise<T> {
  const fault = faults.find((f) => f.call === call);
  if (fault) {
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
    if (fault.mode === "error") throw new ProviderError(`The test processor failed the ${call} call (injected).`, true);
    if (fault.mode === "timeout") throw new ProviderError(`The ${call} call timed out (injected).`, true);
    await perform();
    throw new ProviderError(`The answer to the ${call} call was lost (injected).`, true);
  }
  return perform();
}

const derivedId = (prefix: string, key: string) => `${prefix}_${crypto.createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

function toRemote(row: Row): RemoteIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    lastErrorMessage: row.lastErrorMessage,
    latestCharge: row.latestCharge,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    paymentMethodId: row.paymentMethodId,
  };
}

async function mustRow(db: Db, intentId: string): Promise<Row> {
  const [row] = await db.select().from(localPaymentIntents).where(and(eq(localPaymentIntents.id, intentId), eq(localPaymentIntents.provider, "local")));
  if (!row) throw new ProviderError(`No such payment intent: ${intentId}`, false);
  return row;
}

/** The processor's clock: a processing payment succeeds once its delay has passed. */
async function applyClock(db: Db, row: Row, now: Date): Promise<Row> {
  if (row.status !== "processing" || !row.processingUntil || row.processingUntil.getTime() > now.getTime()) return row;
  const [settled] = await db
    .update(localPaymentIntents)
    .set({ status: "succeeded", processingUntil: null, updatedAt: now })
    .where(and(eq(localPaymentIntents.id, row.id), eq(localPaymentIntents.status, "processing")))
    .returning();
  return settled ?? (await mustRow(db, row.id));
}

/**
 * What an operator does in a real provider's dashboard, for the built-in processor
 * (tests, and the local demo's support staff): a refund of `amount` that no provider
 * call made (no call id), as a person refunding by hand at Stripe would.
 */
export async function localDashboardRefund(db: Db, input: { intentId: string; amount: number; now: Date }): Promise<RemoteRefund> {
  const row = await mustRow(db, input.intentId);
  return localProvider(db).refund({ intentId: row.id, bookingId: row.bookingId, amount: input.amount, currency: row.currency, callId: null }, `dashboard-${crypto.randomUUID()}`, input.now);
}

/**
 * An intent confirmed at once with a card an earlier payment saved (a deposit, ADR 0283):
 * the saved card's test number decides, as Stripe's do — 4000 0000 0000 0341 attached fine
 * and declines now. Manual capture leaves it `requires_capture`; automatic, `succeeded`.
 */
async function createOffSession(db: Db, id: string, input: CreateIntentInput, now: Date): Promise<Row> {
  const [existing] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id));
  if (existing) return existing;
  const [saved] = await db
    .select({ last4: localPaymentIntents.cardLast4, brand: localPaymentIntents.cardBrand })
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.paymentMethodId, input.offSession!.paymentMethodId))
    .limit(1);
  const declines = !saved || TEST_CARDS.some((card) => card.outcome === "succeeded_then_declines" && card.number.endsWith(saved.last4 ?? "-"));
  const manual = input.captureMethod === "manual";
  return insertIntent(db, id, input, now, {
    purpose: input.purpose ?? "payment",
    status: declines ? "requires_payment_method" : manual ? "requires_capture" : "succeeded",
    lastErrorMessage: declines ? (saved ? CARD_MESSAGES.declined : "No such payment method.") : null,
    latestCharge: declines || manual ? null : derivedId("ch", id),
    cardBrand: saved?.brand ?? null,
    cardLast4: saved?.last4 ?? null,
  });
}

/** A new intent `id` for `input` (with what an off-session one already knows), or the one an earlier call with its key made (its first answer). */
async function insertIntent(db: Db, id: string, input: CreateIntentInput, now: Date, known: Partial<typeof localPaymentIntents.$inferInsert> = {}): Promise<Row> {
  const [made] = await db
    .insert(localPaymentIntents)
    .values({
      id,
      provider: "local",
      clientSecret: `${id}_secret_${crypto.randomBytes(16).toString("hex")}`,
      bookingId: input.bookingId,
      userId: input.userId,
      amount: input.amount,
      currency: input.currency,
      captureMethod: input.captureMethod ?? "automatic",
      createdAt: now,
      updatedAt: now,
      ...known,
    })
    .onConflictDoNothing()
    .returning();
  return made ?? (await mustRow(db, id));
}

export function localProvider(db: Db): PaymentProvider & { confirmCard(intentId: string, card: CardInput, now: Date): Promise<RemoteIntent> } {
  return {
    name: "local",

    createIntent(input, key, now) {
      return faultable("createIntent", async () => {
        const id = derivedId("pi", key);
        return toRemote(input.offSession ? await createOffSession(db, id, input, now) : await insertIntent(db, id, input, now));
      });
    },

    retrieveIntent(intentId, now) {
      return faultable("retrieveIntent", async () => toRemote(await applyClock(db, await mustRow(db, intentId), now)));
    },

    cancelIntent(intentId, _key, now) {
      return faultable("cancelIntent", async () => {
        const row = await applyClock(db, await mustRow(db, intentId), now);
        // Like Stripe: an unpaid intent is cancelled, an authorised one released; one that is paid or processing is left as it is.
        if (row.status !== "requires_payment_method" && row.status !== "requires_capture") return toRemote(row);
        const [cancelled] = await db
          .update(localPaymentIntents)
          .set({ status: "canceled", updatedAt: now })
          .where(and(eq(localPaymentIntents.id, intentId), inArray(localPaymentIntents.status, ["requires_payment_method", "requires_capture"])))
          .returning();
        return toRemote(cancelled ?? (await mustRow(db, intentId)));
      });
    },

    captureIntent(intentId, amount, _key, now) {
      return faultable("captureIntent", async () => {
        const capture = async (): Promise<RemoteIntent | null> => {
          const row = await mustRow(db, intentId);
          // Captured already (this call again after a lost answer): its first answer.
          if (row.status === "succeeded" && row.captureMethod === "manual") return toRemote(row);
          if (row.status === "canceled") throw new ProviderError(`Cannot capture ${intentId}: the authorisation was cancelled`, false);
          if (row.status !== "requires_capture") throw new ProviderError(`Cannot capture ${intentId}: it has a status of ${row.status}, not requires_capture`, false);
          if (!Number.isSafeInteger(amount) || amount <= 0 || amount > row.amount) throw new ProviderError(`Invalid capture amount ${amount} for ${intentId} (authorised ${row.amount})`, false);
          const [captured] = await db
            .update(localPaymentIntents)
            .set({ status: "succeeded", amount, latestCharge: derivedId("ch", intentId), updatedAt: now })
            .where(and(eq(localPaymentIntents.id, intentId), eq(localPaymentIntents.status, "requires_capture")))
            .returning();
          return captured ? toRemote(captured) : null;
        };
        // Lost a race with another capture or a cancel: the intent as that left it decides.
        return (await capture()) ?? (await capture())!;
      });
    },

    refund(input, key, now) {
      return faultable("refund", async () => {
        const id = derivedId("re", key);
        return db.transaction(async (tx) => {
          const [existing] = await tx.select().from(payments).where(and(eq(payments.provider, "local"), eq(payments.providerPaymentId, id)));
          if (existing) return { id, amount: existing.amount, status: "succeeded" as const, callId: existing.callId };
          if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new ProviderError(`Invalid refund amount: ${input.amount}`, false);
          // The refund's record first: its key on the booking is taken before the intent's row
          // lock, in the platform's lock order (booking, then intent), so a settlement holding
          // the booking never waits on this transaction while it waits on the settlement.
          await tx.insert(payments).values({
            bookingId: input.bookingId,
            provider: "local",
            providerPaymentId: id,
            amount: input.amount,
            currency: input.currency,
            status: "refunded",
            callId: input.callId,
            createdAt: now,
            updatedAt: now,
          });
          const [row] = await tx
            .update(localPaymentIntents)
            .set({ amountRefunded: sql`${localPaymentIntents.amountRefunded} + ${input.amount}`, updatedAt: now })
            .where(
              and(
                eq(localPaymentIntents.id, input.intentId),
                eq(localPaymentIntents.status, "succeeded"),
                sql`${localPaymentIntents.amountRefunded} + ${input.amount} <= ${localPaymentIntents.amount}`,
              ),
            )
            .returning();
          // Refused: the transaction rolls back, the record with it.
          if (!row) throw new ProviderError(`Refund of ${input.amount} refused for ${input.intentId}: more than is left to refund, or not paid`, false);
          return { id, amount: input.amount, status: "succeeded" as const, callId: input.callId };
        });
      });
    },

    async listRefunds(intentId) {
      const row = await mustRow(db, intentId);
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, row.bookingId), eq(payments.provider, "local"), eq(payments.status, "refunded")))
        .orderBy(desc(payments.createdAt));
      return rows.map((refund): RemoteRefund => ({ id: refund.providerPaymentId, amount: refund.amount, status: "succeeded", callId: refund.callId }));
    },

    /**
     * The card form's payment (POST /api/payments/confirm): only an intent waiting for a card
     * is charged, or, made with manual capture, authorised (`requires_capture`, no charge yet;
     * a card authorises at once, so the test card that settles later is authorised too).
     */
    confirmCard(intentId, card, now) {
      return faultable("confirmCard", async () => {
        const intent = await applyClock(db, await mustRow(db, intentId), now);
        if (intent.status !== "requires_payment_method") return toRemote(intent);
        const problem = cardError(card, now);
        const outcome = problem ? null : testCardOutcome(card.number);
        const decline =
          problem ??
          (outcome === "declined"
            ? CARD_MESSAGES.declined
            : outcome === "insufficient_funds"
              ? CARD_MESSAGES.insufficientFunds
              : outcome === "not_test_card"
                ? CARD_MESSAGES.notTestCard
                : null);
        const digits = cardDigits(card.number ?? "");
        const cardFields = problem ? {} : { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
        const manual = intent.captureMethod === "manual";
        const processing = outcome === "processing" && !manual;
        const [row] = await db
          .update(localPaymentIntents)
          .set(
            decline
              ? { lastErrorMessage: decline, updatedAt: now, ...cardFields }
              : {
                  status: manual ? "requires_capture" : processing ? "processing" : "succeeded",
                  processingUntil: processing ? new Date(now.getTime() + PROCESSING_MS) : null,
                  latestCharge: processing || manual ? null : derivedId("ch", intentId),
                  // The card is kept for later off-session charges (a deposit, ADR 0283), like Stripe's setup_future_usage.
                  paymentMethodId: derivedId("pm", intentId),
                  lastErrorMessage: null,
                  updatedAt: now,
                  ...cardFields,
                },
          )
          .where(and(eq(localPaymentIntents.id, intentId), eq(localPaymentIntents.status, "requires_payment_method")))
          .returning();
        // A mistyped card never reached the network: its answer carries no card (nothing to record as a declined charge).
        return toRemote(row ?? (await mustRow(db, intentId)));
      });
    },
  };
}
