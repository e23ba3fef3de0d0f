import { Link } from "react-router";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { REQUIREMENTS_LINK } from "~/features/bookings/requirements";
import { BookingReviewAction } from "~/features/reviews/components/booking-review-action";
import { BookingConversationLink } from "~/features/messages/components/contact-host-button";
import { HANDOVER_TEXT } from "~/features/handovers/handover-rules";
import { formatMinor } from "~/lib/money";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import type { RecentBooking } from "../dashboard.server";
import { HostCancelDialog } from "./host-cancel-dialog";

const STATUS: Record<RecentBooking["status"], { text: string; tone: "success" | "danger" | "neutral" }> = {
  confirmed: { text: "Confirmed", tone: "success" },
  completed: { text: "Completed", tone: "neutral" },
  cancelled: { text: "Cancelled", tone: "danger" },
};

const CANCELLED_BY: Record<RecentBooking["role"], Record<"guest" | "host" | "admin", string>> = {
  host: { guest: "Cancelled by the guest", host: "Cancelled by you", admin: "Cancelled by Rentwell" },
  guest: { guest: "Cancelled by you", host: "Cancelled by the host", admin: "Cancelled by Rentwell" },
};

/** "Cancelled by you · guest refunded $46.75": who cancelled, and what went back to the guest. */
function cancellationLine(booking: RecentBooking): string | null {
  if (booking.status !== "cancelled" || !booking.cancelledBy) return null;
  const who = CANCELLED_BY[booking.role][booking.cancelledBy];
  if (booking.refund === null) return who;
  const refunded = formatMinor(booking.refund, booking.currency);
  return `${who} · ${booking.role === "host" ? `guest refunded ${refunded}` : `refund ${refunded}`}`;
}

/**
 * One of the dashboard's recent bookings: what the user booked, or — the host's view —
 * who booked one of their listings and what it earns them, with the booking's
 * conversation (docs/product.md#messages). The host may cancel a booking that has not
 * started (issue #25 point 5).
 */
export function RecentBookingRow({ booking }: { booking: RecentBooking }) {
  const status = STATUS[booking.status];
  const who = booking.role === "guest" ? "You booked" : `Booked by ${booking.guestName ?? "a guest"}`;
  const cancelled = cancellationLine(booking);
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
          {formatMinor(booking.amount, booking.currency)}
          {booking.role === "host" && <span className="sr-only"> (your rental income)</span>}
        </span>
        <Badge tone={status.tone}>{status.text}</Badge>
        {booking.handoverHref && (
          <Link to={booking.handoverHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {HANDOVER_TEXT.link}
          </Link>
        )}
        {booking.requirementsHref && (
          <Link to={booking.requirementsHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {REQUIREMENTS_LINK}
          </Link>
        )}
        <BookingConversationLink bookingId={booking.id}>{booking.role === "host" ? "Message guest" : "Message host"}</BookingConversationLink>
        {booking.role === "host" && <HostCancelDialog booking={booking} />}
        <BookingReviewAction state={booking.review} bookingId={booking.id} spaceTitle={booking.space.title} guestName={booking.guestName} />
      </div>
    </li>
  );
}
