import { Link } from "react-router";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { BookingConversationLink } from "~/features/messages/components/contact-host-button";
import { formatMinor } from "~/lib/money";
import { Badge } from "~/ui/badge";
import type { RecentBooking } from "../dashboard.server";

const STATUS: Record<RecentBooking["status"], { text: string; tone: "success" | "danger" | "neutral" }> = {
  confirmed: { text: "Confirmed", tone: "success" },
  completed: { text: "Completed", tone: "neutral" },
  cancelled: { text: "Cancelled", tone: "danger" },
};

/**
 * One of the dashboard's recent bookings: what the user booked, or — the host's view —
 * who booked one of their listings and what it earns them, with the booking's
 * conversation (docs/product.md#messages).
 */
export function RecentBookingRow({ booking }: { booking: RecentBooking }) {
  const status = STATUS[booking.status];
  const who = booking.role === "guest" ? "You booked" : `Booked by ${booking.guestName ?? "a guest"}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="recent-booking">
      <div className="min-w-0">
        <Link to={booking.space.href} className="font-semibold break-words text-slate-900 hover:underline">
          {booking.space.title}
        </Link>
        <p className="text-sm text-slate-600">
          {who} · {bookingWhen(booking)}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMinor(booking.amount, booking.currency)}
          {booking.role === "host" && <span className="sr-only"> (your rental income)</span>}
        </span>
        <Badge tone={status.tone}>{status.text}</Badge>
        <BookingConversationLink bookingId={booking.id}>{booking.role === "host" ? "Message guest" : "Message host"}</BookingConversationLink>
      </div>
    </li>
  );
}
