import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatMinorIn } from "~/features/hosting/format";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { REQUIREMENTS_LINK } from "~/features/bookings/requirements";
import { BookingReviewAction } from "~/features/reviews/components/booking-review-action";
import { BookingConversationLink } from "~/features/messages/components/contact-host-button";
import { HANDOVER_TEXT } from "~/features/handovers/handover-rules";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import type { RecentBooking } from "../dashboard.server";
import { HostCancelDialog } from "./host-cancel-dialog";

const STATUS: Record<RecentBooking["status"], { text: string; tone: "success" | "danger" | "neutral" }> = {
  confirmed: { text: translatable("Confirmed"), tone: "success" },
  completed: { text: translatable("Completed"), tone: "neutral" },
  cancelled: { text: translatable("Cancelled"), tone: "danger" },
};

const CANCELLED_BY: Record<RecentBooking["role"], Record<"guest" | "host" | "admin", string>> = {
  host: { guest: translatable("Cancelled by the guest"), host: translatable("Cancelled by you"), admin: translatable("Cancelled by Rentwell") },
  guest: { guest: translatable("Cancelled by you"), host: translatable("Cancelled by the host"), admin: translatable("Cancelled by Rentwell") },
};

/** "Cancelled by you · guest refunded $46.75": who cancelled, and what went back to the guest. */
function cancellationLine(booking: RecentBooking, _: (text: MessageDescriptor | string) => string, locale: string): string | null {
  if (booking.status !== "cancelled" || !booking.cancelledBy) return null;
  const who = _(CANCELLED_BY[booking.role][booking.cancelledBy]);
  if (booking.refund === null) return who;
  const refunded = formatMinorIn(locale, booking.refund, booking.currency);
  return `${who} · ${booking.role === "host" ? _(msg`guest refunded ${refunded}`) : _(msg`refund ${refunded}`)}`;
}

/**
 * One of the dashboard's recent bookings: what the user booked, or — the host's view —
 * who booked one of their listings and what it earns them, with the booking's
 * conversation (docs/product.md#messages). The host may cancel a booking that has not
 * started (issue #25 point 5).
 */
export function RecentBookingRow({ booking }: { booking: RecentBooking }) {
  const _ = useTranslate();
  const locale = useLocale();
  const status = STATUS[booking.status];
  const guest = booking.guestName ?? _(msg`a guest`);
  const who = booking.role === "guest" ? _(msg`You booked`) : _(msg`Booked by ${guest}`);
  const cancelled = cancellationLine(booking, _, locale);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="recent-booking">
      <div className="min-w-0">
        <Link to={booking.space.href} className="font-semibold break-words text-slate-900 hover:underline">
          {booking.space.title}
        </Link>
        <p className="text-sm text-slate-600">
          {who} · {bookingWhen(booking)}
        </p>
        {cancelled && (
          <p className="text-sm text-slate-600" data-testid="recent-booking-cancellation">
            {cancelled}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 sm:max-w-[55%] sm:justify-end">
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMinorIn(locale, booking.amount, booking.currency)}
          {booking.role === "host" && <span className="sr-only"> {_(msg`(your rental income)`)}</span>}
        </span>
        <Badge tone={status.tone}>{_(status.text)}</Badge>
        {booking.handoverHref && (
          <Link to={booking.handoverHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {_(HANDOVER_TEXT.link)}
          </Link>
        )}
        {booking.requirementsHref && (
          <Link to={booking.requirementsHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {_(REQUIREMENTS_LINK)}
          </Link>
        )}
        <BookingConversationLink bookingId={booking.id}>{booking.role === "host" ? _(msg`Message guest`) : _(msg`Message host`)}</BookingConversationLink>
        {booking.role === "host" && <HostCancelDialog booking={booking} />}
        <BookingReviewAction state={booking.review} bookingId={booking.id} spaceTitle={booking.space.title} guestName={booking.guestName} />
      </div>
    </li>
  );
}
