import { CheckCircle2, Clock, RotateCcw, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { getPaymentOutcome } from "~/features/bookings/payment-outcome.server";
import { getDb } from "~/lib/db.server";
import { formatMinor } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/booking-confirmation";

type Outcome = "confirmed" | "processing" | "failed" | "error" | "refunded";

/**
 * /booking-confirmation (docs/product.md "Booking confirmation"): reads the card
 * provider's `payment_intent_client_secret` and asks the server for that payment.
 * Only the booking's guest gets an answer; anyone else sees 'Something went wrong.'
 */
export async function loader({ request }: Route.LoaderArgs) {
  const secret = new URL(request.url).searchParams.get("payment_intent_client_secret");
  const user = await getUser(request);
  if (!secret || !user) return { outcome: "error" as Outcome, booking: null };
  const db = await getDb();
  const result = await getPaymentOutcome(db, { userId: user.id, clientSecret: secret, now: new Date() });
  if (!result) return { outcome: "error" as Outcome, booking: null };
  const booking = result.booking as { total?: number; currency?: string; refund?: number | null } | null;
  return {
    outcome: result.outcome as Outcome,
    booking: booking ? { total: booking.total ?? null, currency: booking.currency ?? "USD", refund: booking.refund ?? null } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Booking confirmation | Rentwell", description: "The result of your booking payment.", path: "/booking-confirmation", matches, noIndex: true });

// The spec's four payment results (docs/product.md "Payment result by provider status"), plus the automatic refund.
const TEXTS: Record<Outcome, { title: string; body: string | null; tone: string }> = {
  confirmed: { title: "Booking Confirmed!", body: "Payment successful! Your booking has been confirmed.", tone: "text-green-700" },
  processing: { title: "Processing Payment...", body: "Your payment is processing.", tone: "text-amber-700" },
  failed: { title: "Payment Failed", body: "Your payment was not successful, please try again.", tone: "text-red-700" },
  error: { title: "Something went wrong.", body: null, tone: "text-red-700" },
  refunded: {
    title: "Booking Refunded",
    body: "Your payment arrived after your hold on this time slot had expired and someone else booked it, so we refunded you in full. Refunds take 5-7 business days.",
    tone: "text-amber-700",
  },
};

const ICONS = { confirmed: CheckCircle2, processing: Clock, failed: XCircle, error: XCircle, refunded: RotateCcw } as const;

/** How often a processing payment is asked about again. */
const POLL_MS = 2000;

export default function BookingConfirmation({ loaderData }: Route.ComponentProps) {
  const { outcome, booking } = loaderData;
  const revalidator = useRevalidator();
  const text = TEXTS[outcome];
  const Icon = ICONS[outcome];

  // A processing payment updates by itself: the loader runs again until it settles.
  useEffect(() => {
    if (outcome !== "processing" || revalidator.state !== "idle") return;
    const timer = setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [outcome, revalidator]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Card padding="lg" className="text-center">
        <Icon className={`mx-auto h-14 w-14 ${text.tone}`} aria-hidden="true" />
        <div role={outcome === "processing" ? "status" : undefined}>
          <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
          {text.body && <p className="mt-3 text-slate-700">{text.body}</p>}
        </div>
        {booking?.total != null && outcome === "confirmed" && <p className="mt-2 text-slate-600">Paid {formatMinor(booking.total, booking.currency)}</p>}
        {booking?.refund != null && outcome === "refunded" && <p className="mt-2 text-slate-600">Refunded {formatMinor(booking.refund, booking.currency)}</p>}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/dashboard" className={buttonVariants({ size: "md" })}>
            View My Bookings
          </Link>
          <Link to="/" className={buttonVariants({ variant: "secondary", size: "md" })}>
            Return to Home
          </Link>
        </div>
      </Card>
    </section>
  );
}
