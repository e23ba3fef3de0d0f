import { msg } from "@lingui/core/macro";
import { CheckCircle2, Clock, RotateCcw, XCircle } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { formatMinor } from "~/lib/money";
import { buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

export type PaymentOutcome = "confirmed" | "requested" | "declined" | "request_expired" | "withdrawn" | "processing" | "failed" | "error" | "refunded";

// The payment results of docs/product.md ("Payment result by provider status"), plus the automatic refund.
export const OUTCOME_TEXTS: Record<PaymentOutcome, { title: string; body: string | null }> = {
  confirmed: { title: translatable("Booking Confirmed!"), body: translatable("Payment successful! Your booking has been confirmed.") },
  processing: { title: translatable("Processing Payment..."), body: translatable("Your payment is processing.") },
  // A request to book (ADR 0280): the card is authorised, the host answers.
  requested: { title: translatable("Request sent — waiting for the host"), body: translatable("Your card is authorised, not charged: it is charged only if the host accepts. We will e-mail you the host's answer.") },
  declined: { title: translatable("The host declined your request."), body: translatable("Your card was not charged: the authorisation is released.") },
  request_expired: { title: translatable("Request expired"), body: translatable("Your request expired: the host did not answer in time. Your card was not charged.") },
  withdrawn: { title: translatable("Request withdrawn"), body: translatable("You withdrew this request. Your card was not charged: the authorisation is released.") },
  failed: { title: translatable("Payment Failed"), body: translatable("Your payment was not successful, please try again.") },
  error: { title: translatable("Something went wrong."), body: null },
  refunded: {
    title: translatable("Booking Refunded"),
    body: translatable("Your payment arrived after this time slot was no longer held for you (the hold had lapsed, you had picked another time, or the booking had started), so it did not book the space and you were refunded in full. Refunds take 5-7 business days."),
  },
};

const LOOK: Record<PaymentOutcome, { icon: typeof CheckCircle2; tone: string }> = {
  confirmed: { icon: CheckCircle2, tone: "text-green-700" },
  processing: { icon: Clock, tone: "text-amber-700" },
  requested: { icon: Clock, tone: "text-amber-700" },
  declined: { icon: XCircle, tone: "text-slate-700" },
  request_expired: { icon: Clock, tone: "text-slate-700" },
  withdrawn: { icon: XCircle, tone: "text-slate-700" },
  failed: { icon: XCircle, tone: "text-red-700" },
  error: { icon: XCircle, tone: "text-red-700" },
  refunded: { icon: RotateCcw, tone: "text-amber-700" },
};

/**
 * The result of a booking payment. While it is processing, the page's loader runs
 * again every `pollMs` until the payment settles, so the guest needs no reload.
 */
export function PaymentOutcomeView({
  outcome,
  amount,
  pollMs = 2000,
  actions,
}: {
  outcome: PaymentOutcome;
  amount: { paid: number | null; refunded: number | null; currency: string } | null;
  pollMs?: number;
  /** What the guest can still do about this booking here (an open request's 'Withdraw request'). */
  actions?: ReactNode;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const text = OUTCOME_TEXTS[outcome];
  const { icon: Icon, tone } = LOOK[outcome];

  // While processing: check again `pollMs` after each check has settled, until the outcome changes.
  useEffect(() => {
    if (outcome !== "processing") return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => {
        void revalidate().finally(() => {
          if (!stopped) next();
        });
      }, pollMs);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [outcome, revalidate, pollMs]);

  return (
    <Card padding="lg" className="text-center">
      <Icon className={cn("mx-auto h-14 w-14", tone)} aria-hidden="true" />
      <div role="status">
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{_(text.title)}</h1>
        {text.body && <p className="mt-3 text-slate-700">{_(text.body)}</p>}
      </div>
      {amount?.paid != null && outcome === "confirmed" && <p className="mt-2 text-slate-600">{_(msg`Paid ${formatMinor(amount.paid, amount.currency, locale)}`)}</p>}
      {amount?.refunded != null && outcome === "refunded" && <p className="mt-2 text-slate-600">{_(msg`Refunded ${formatMinor(amount.refunded, amount.currency, locale)}`)}</p>}
      {actions}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/dashboard" className={buttonVariants({ size: "md" })}>
          {_(msg`View My Bookings`)}
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary", size: "md" })}>
          {_(msg`Return to Home`)}
        </Link>
      </div>
    </Card>
  );
}
