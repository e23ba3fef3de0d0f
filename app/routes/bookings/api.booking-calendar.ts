import type { Route } from "./+types/api.booking-calendar";
import { getUser } from "~/features/auth/session.server";
import { getConfirmedBooking } from "~/features/bookings/queries.server";
import { bookingCalendarFile } from "~/features/bookings/calendar.server";
import { spacePath } from "~/features/listings/slug";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";

/** GET /api/bookings/:bookingId/calendar.ics — the guest's confirmed booking as a calendar file. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request);
  const row = user ? await getConfirmedBooking(await getDb(), { userId: user.id, bookingId: params.bookingId }) : null;
  if (!row) return Response.json({ error: "Booking not found" }, { status: 404 });
  const { booking, space } = row;
  const address = [space.streetAddress, space.unitNumber, space.city, space.state, space.postalCode, space.country].filter(Boolean).join(", ") || space.location;
  const file = bookingCalendarFile({
    bookingId: booking.id,
    title: space.title,
    address,
    startTime: booking.startTime,
    endTime: booking.endTime,
    timeZone: space.timezone,
    url: new URL(spacePath(space), env().SITE_URL).toString(),
    // The description in the guest's language: the page's, or their saved one (ADR 0296).
    i18n: await requestI18n(request),
  });
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="rentwell-booking-${booking.id.slice(0, 8)}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
