import { requestNow } from "~/lib/clock.server";
import { translatable } from "~/features/i18n/translatable";
import { getUser } from "~/features/auth/session.server";
import { PaymentOutcomeView, type PaymentOutcome } from "~/features/bookings/components/payment-outcome-view";
import { bookingWhen } from "~/features/bookings/booking-when";
import { WithdrawRequest } from "~/features/bookings/components/withdraw-request";
import { getPaymentOutcome } from "~/features/bookings/confirmation.server";
import { getDb } from "~/lib/db.server";
import { withTranslatedSpaces } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/booking-confirmation";
import { useLocale } from "~/features/i18n/use-translate";

/**
 * /booking-confirmation (docs/product.md "Booking confirmation"): reads the card
 * provider's `payment_intent_client_secret` and asks the server for that payment.
 * Only the booking's guest gets an answer; anyone else sees 'Something went wrong.'
 */
export async function loader({ request }: Route.LoaderArgs) {
  const secret = new URL(request.url).searchParams.get("payment_intent_client_secret");
  const user = await getUser(request);
  const error = { outcome: "error" as PaymentOutcome, amount: null, request: null };
  if (!secret || !user) return error;
  const db = await getDb();
  const result = await getPaymentOutcome(db, { userId: user.id, clientSecret: secret, now: requestNow(request) });
  if (!result) return error;
  const found = result.booking;
  // An open request names the listing: by its host's title in the page's language, where there is one (issue #31 point 5, ADR 0295).
  const booking = found && result.outcome === "requested" ? (await withTranslatedSpaces(db, [found], localeOfRequest(request, user.preferredLanguage)))[0]! : found;
  return {
    outcome: result.outcome as PaymentOutcome,
    amount: booking ? { paid: booking.total, refunded: booking.refund ?? null, currency: booking.currency } : null,
    // An open request (ADR 0280): the guest may withdraw it from here, as from My Bookings.
    request:
      booking && result.outcome === "requested"
        ? { bookingId: booking.id, spaceTitle: booking.space.title, startTime: booking.startTime, endTime: booking.endTime, timeZone: booking.timeZone }
        : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: translatable("Booking confirmation"), description: translatable("The result of your booking payment."), path: "/booking-confirmation", matches, noIndex: true });

export default function BookingConfirmation({ loaderData }: Route.ComponentProps) {
  const { request } = loaderData;
  const locale = useLocale();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <PaymentOutcomeView
        outcome={loaderData.outcome}
        amount={loaderData.amount}
        actions={request ? <WithdrawRequest bookingId={request.bookingId} spaceTitle={request.spaceTitle} when={bookingWhen(request, locale)} className="mt-6" /> : null}
      />
    </section>
  );
}
