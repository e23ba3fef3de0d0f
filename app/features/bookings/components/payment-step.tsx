import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CreditCard } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ERROR_TEXT } from "~/lib/messages";
import { formatMinor } from "~/lib/money";
import { ChargeCurrencyNote } from "~/lib/display-currency";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { cardBrand, cardDigits, formatCardNumber, TEST_CARDS } from "../card";
import { depositMessage } from "../booking-texts";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { CARD_BRAND_NAMES, formatExpiry, parseExpiry } from "../card-format";
import { basisPointsText, REQUIREMENT_FIELDS, type RequirementField } from "../requirements";

export type PaymentIntentRequest = {
  spaceId: string;
  startTime: string;
  endTime: string;
  duration: number;
  pricingUnit: string;
  amount: number;
  currency: string;
  /** Units or seats, on a listing that has several (issue #26). */
  units?: number;
  /** A request to book's message to the host (ADR 0280). */
  message?: string;
  /** The listing's checkout requirements (ADR 0279), those it asks for. */
  dateOfBirth?: string;
  licenceNumber?: string;
  licenceCountry?: string;
  licenceExpiry?: string;
  waiverAccepted?: boolean;
};

export type PaymentSummary = {
  when: string;
  zone: string;
  duration: string;
  rental: number;
  fee: number;
  feePercent: number;
  /** The 'Protection' line (ADR 0286) when bought: its rate as read ("8%") and amount. */
  protection?: { percentText: string; amount: number } | null;
  /** The 'Delivery' line (ADR 0287); 0 or absent when not chosen. */
  delivery?: number;
  total: number;
  currency: string;
  /** The listing's security deposit (minor units): held on the card, not charged, not in the total. */
  deposit?: number | null;
};

/** Stripe Elements, fetched only when the payment step uses Stripe (ADR 0130). */
const StripePaymentForm = lazy(() => import("./stripe-payment-form"));

export const MISSING_SECRET = translatable("Invalid response: missing client secret");

export type ReadyIntent = {
  state: "ready";
  clientSecret: string;
  startTime: string;
  endTime: string;
  total: number;
  fee: { percentage: number; amount: number };
  rental: number;
  protection: { basisPoints: number; amount: number } | null;
  delivery: number;
  currency: string;
  /** Stripe's publishable key when the provider is Stripe; null for the built-in card form. */
  stripeKey: string | null;
};

type Intent =
  | { state: "loading" }
  | ReadyIntent
  /** `message`: the server's (English) text or ours; `newTotal`: a changed price's new total, said after it. */
  | { state: "error"; message: string | MessageDescriptor; newTotal?: string; retry: boolean; requirements?: Partial<Record<RequirementField, string>> };

type IntentAnswer = {
  clientSecret?: unknown;
  error?: unknown;
  code?: unknown;
  platformFee?: { percentage: number; amount: number };
  rental?: number;
  protection?: { basisPoints: number; amount: number } | null;
  delivery?: number;
  total?: number;
  currency?: string;
  price?: { rental: number; fee: number; total: number; currency: string };
  fields?: Record<string, unknown>;
  provider?: unknown;
  publishableKey?: unknown;
};

/** POST /api/bookings/payment-intent with a fresh Idempotency-Key per attempt; the answer as an Intent. */
async function createIntent(request: PaymentIntentRequest, summary: PaymentSummary, locale: string): Promise<Intent> {
  let response: Response;
  try {
    response = await fetch("/api/bookings/payment-intent", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify(request),
    });
  } catch {
    return { state: "error", message: ERROR_TEXT.processBooking, retry: true };
  }
  let body: IntentAnswer | null = null;
  try {
    body = (await response.json()) as IntentAnswer;
  } catch {
    body = null;
  }
  if (!response.ok) {
    if (typeof body?.error === "string" && body.error) {
      const newTotal = body.code === "price_changed" && body.price ? formatMinor(body.price.total, body.price.currency, locale) : undefined;
      return { state: "error", message: body.error, ...(newTotal ? { newTotal } : {}), retry: false, requirements: requirementErrors(body.fields) };
    }
    const status = response.status;
    return { state: "error", message: msg`Failed to create payment intent (${status})`, retry: true };
  }
  if (!body || typeof body.clientSecret !== "string" || !body.clientSecret) return { state: "error", message: MISSING_SECRET, retry: true };
  return {
    state: "ready",
    clientSecret: body.clientSecret,
    startTime: request.startTime,
    endTime: request.endTime,
    total: body.total ?? summary.total,
    rental: body.rental ?? summary.rental,
    fee: body.platformFee ?? { percentage: summary.feePercent, amount: summary.fee },
    protection: body.protection !== undefined ? body.protection : null,
    delivery: body.delivery ?? summary.delivery ?? 0,
    currency: body.currency ?? summary.currency,
    stripeKey: body.provider === "stripe" && typeof body.publishableKey === "string" ? body.publishableKey : null,
  };
}

/** The messages of a refusal that name the listing's requirement fields (ADR 0279), if any. */
function requirementErrors(fields: Record<string, unknown> | undefined): Partial<Record<RequirementField, string>> | undefined {
  const errors = Object.fromEntries(REQUIREMENT_FIELDS.flatMap((field) => (typeof fields?.[field] === "string" ? [[field, fields[field]]] : [])));
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * The payment step (docs/product.md "Booking flow"): the summary with an edit
 * link back, then the card form of the built-in test-mode processor. On success
 * or processing the guest goes to /booking-confirmation with the client secret,
 * as a card provider's return URL would.
 */
export function PaymentStep({
  request,
  summary,
  existing,
  onReady,
  onRequirementsRefused,
  onBack,
}: {
  request: PaymentIntentRequest;
  summary: PaymentSummary;
  /** The intent of an earlier visit to this step with the same choice: reused, not created again. */
  existing: ReadyIntent | null;
  onReady(intent: ReadyIntent): void;
  /** The server refused what the guest gave for the listing's requirements: their messages by field. */
  onRequirementsRefused?: (errors: Partial<Record<RequirementField, string>>) => void;
  onBack(): void;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const [intent, setIntent] = useState<Intent>(existing ?? { state: "loading" });
  const revalidator = useRevalidator();
  const started = useRef(false);

  const start = useCallback(() => {
    setIntent({ state: "loading" });
    void createIntent(request, summary, locale).then((next) => {
      setIntent(next);
      if (next.state === "ready") onReady(next);
      if (next.state === "error" && next.requirements && onRequirementsRefused) {
        onRequirementsRefused(next.requirements);
        return;
      }
      // A changed price means the page's figures are stale: read them again.
      if (next.state === "error" && !next.retry) void revalidator.revalidate();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one attempt per call; the request is fixed for this step
  }, []);

  useEffect(() => {
    if (started.current || existing) return;
    started.current = true;
    start();
  }, [start, existing]);

  const figures =
    intent.state === "ready"
      ? {
          rental: intent.rental,
          fee: intent.fee.amount,
          feePercent: intent.fee.percentage,
          protection: intent.protection ? { percentText: basisPointsText(intent.protection.basisPoints, locale), amount: intent.protection.amount } : null,
          delivery: intent.delivery,
          total: intent.total,
          currency: intent.currency,
        }
      : summary;

  return (
    <div className="mt-4 space-y-4" data-testid="payment-step">
      <section aria-labelledby="payment-summary-heading" className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
        <div className="flex items-center justify-between gap-2">
          <h3 id="payment-summary-heading" className="font-semibold text-slate-900">
            {_(msg`Your booking`)}
          </h3>
          <Button variant="ghost" size="sm" onClick={onBack} className="text-brand-700 underline">
            {_(msg`Edit`)}
          </Button>
        </div>
        <p className="text-slate-800">
          {summary.when} <span className="text-slate-600">({summary.zone.replace(/_/g, " ")})</span>
        </p>
        <dl className="space-y-1">
          <div className="flex justify-between">
            <dt className="text-slate-600">{_(msg`Rental (${summary.duration})`)}</dt>
            <dd>{formatMinor(figures.rental, figures.currency, locale)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">{_(msg`Service fee (${figures.feePercent}%)`)}</dt>
            <dd>{formatMinor(figures.fee, figures.currency, locale)}</dd>
          </div>
          {figures.protection && (
            <div className="flex justify-between">
              <dt className="text-slate-600">{_(msg`Protection (${figures.protection.percentText})`)}</dt>
              <dd data-testid="payment-protection">{formatMinor(figures.protection.amount, figures.currency, locale)}</dd>
            </div>
          )}
          {(figures.delivery ?? 0) > 0 && (
            <div className="flex justify-between">
              <dt className="text-slate-600">{_(msg`Delivery`)}</dt>
              <dd data-testid="payment-delivery">{formatMinor(figures.delivery ?? 0, figures.currency, locale)}</dd>
            </div>
          )}
          <div className="flex justify-between font-semibold">
            <dt>{_(msg`Total`)}</dt>
            <dd data-testid="payment-total">{formatMinor(figures.total, figures.currency, locale)}</dd>
          </div>
        </dl>
        {/* The charge stays in the listing's currency, and checkout says so (issue #31 point 4). */}
        <ChargeCurrencyNote minor={figures.total} currency={figures.currency} />
        {summary.deposit ? (
          <p className="text-slate-700" data-testid="payment-deposit">
            {_(depositMessage(summary.deposit, figures.currency, locale))}. {_(msg`Your card is saved for it and it is released after the booking unless the host claims damage.`)}
          </p>
        ) : null}
      </section>

      {intent.state === "loading" && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner />
          {_(msg`Loading payment form...`)}
        </p>
      )}
      {intent.state === "error" && (
        <Alert tone="error" className="space-y-2 text-sm">
          <p className="font-medium">
            {_(intent.message)}
            {intent.newTotal ? _(msg` — new total ${intent.newTotal}`) : ""}
          </p>
          {intent.retry && (
            <Button variant="secondary" size="sm" onClick={start}>
              {_(msg`Try again`)}
            </Button>
          )}
        </Alert>
      )}
      {intent.state === "ready" && !intent.stripeKey && <CardForm clientSecret={intent.clientSecret} total={formatMinor(intent.total, intent.currency, locale)} />}
      {intent.state === "ready" && intent.stripeKey && (
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner />
              {_(msg`Loading payment form...`)}
            </p>
          }
        >
          <StripePaymentForm publishableKey={intent.stripeKey} clientSecret={intent.clientSecret} total={formatMinor(intent.total, intent.currency, locale)} />
        </Suspense>
      )}

      {(intent.state !== "ready" || !intent.stripeKey) && <TestModeNotice />}
      {intent.state === "ready" && intent.stripeKey?.startsWith("pk_test_") && <StripeTestModeNotice />}
      <Button variant="secondary" size="md" block onClick={onBack}>
        {_(msg`Cancel`)}
      </Button>
    </div>
  );
}

function TestModeNotice() {
  const _ = useTranslate();
  return (
    <aside aria-label={_(msg`Test mode`)} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{_(msg`Test mode: no real card is charged.`)}</p>
      <p className="mt-1">{_(msg`Use one of these test cards with any future expiry date and any 3-digit CVC:`)}</p>
      <ul className="mt-1 space-y-0.5">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <span className="font-mono" dir="ltr">
              {formatCardNumber(card.number)}
            </span>{" "}
            — {_(card.description)}
          </li>
        ))}
      </ul>
    </aside>
  );
}

function StripeTestModeNotice() {
  const _ = useTranslate();
  const card = "4242 4242 4242 4242";
  const [before = "", after = ""] = _(msg`Use Stripe's test card ${card} with any future expiry date and any 3-digit CVC.`).split(card);
  return (
    <aside aria-label={_(msg`Test mode`)} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{_(msg`Test mode: no real card is charged.`)}</p>
      <p className="mt-1">
        {before}
        <span className="font-mono" dir="ltr">
          {card}
        </span>
        {after}
      </p>
    </aside>
  );
}

type ConfirmAnswer = {
  paymentIntent?: { status?: string; clientSecret?: string; lastPaymentError?: { message?: string } | null };
  error?: string;
};

/** Number, expiry, CVC and name; the pay button is disabled while a payment is pending, so a double click cannot pay twice. */
function CardForm({ clientSecret, total }: { clientSecret: string; total: string }) {
  const _ = useTranslate();
  const navigate = useNavigate();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const brand = cardBrand(number);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    const exp = parseExpiry(expiry);
    try {
      const response = await fetch("/api/payments/confirm", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          clientSecret,
          card: { number: cardDigits(number), expMonth: exp?.expMonth ?? 0, expYear: exp?.expYear ?? 0, cvc, name: name.trim() },
        }),
      });
      const body = (await response.json().catch(() => null)) as ConfirmAnswer | null;
      const status = body?.paymentIntent?.status;
      // requires_capture: a request to book's card authorised (ADR 0280); the host is asked.
      if (response.ok && (status === "succeeded" || status === "processing" || status === "requires_capture")) {
        await navigate(`/booking-confirmation?payment_intent_client_secret=${encodeURIComponent(clientSecret)}`);
        return;
      }
      setError(body?.paymentIntent?.lastPaymentError?.message || body?.error || ERROR_TEXT.generic);
    } catch {
      setError(ERROR_TEXT.generic);
    }
    inFlight.current = false;
    setPending(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={_(msg`Card details`)} noValidate>
      <Field
        label={_(msg`Card number`)}
        hint={
          brand === "unknown" ? undefined : (
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-700" data-testid="card-brand">
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {CARD_BRAND_NAMES[brand]}
            </span>
          )
        }
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          placeholder="1234 1234 1234 1234"
          className="font-mono"
          dir="ltr"
          required
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={_(msg`Expiry (MM / YY)`)}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value, event.target.value.length < expiry.length))}
            placeholder={_(msg`MM / YY`)}
            dir="ltr"
            required
          />
        </Field>
        <Field label="CVC">
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
            placeholder="123"
            dir="ltr"
            required
          />
        </Field>
      </div>
      <Field label={_(msg`Name on card`)}>
        <Input autoComplete="cc-name" value={name} onChange={(event) => setName(event.target.value)} required />
      </Field>
      {error && (
        <Alert tone="error" className="text-sm font-medium">
          {_(error)}
        </Alert>
      )}
      <Button type="submit" block pending={pending} pendingText={_(msg`Processing...`)}>
        {_(msg`Pay ${total}`)}
      </Button>
    </form>
  );
}
