import { msg } from "@lingui/core/macro";
import { CalendarDays } from "lucide-react";
import { requestNow } from "~/lib/clock.server";
import { data, Link } from "react-router";
import { metaTranslate } from "~/features/i18n/translate";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { requireUser } from "~/features/auth/session.server";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { cancelBooking } from "~/features/bookings/cancellation.server";
import { changeBooking } from "~/features/bookings/reschedule.server";
import { performProviderCalls } from "~/features/bookings/provider-calls.server";
import { closeRequest } from "~/features/bookings/requests.server";
import type { ChangeCheckout } from "~/features/bookings/components/reschedule-dialog";
import { paymentClientConfig } from "~/features/payments/provider.server";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { listMyBookings } from "~/features/bookings/queries.server";
import { withTranslatedSpaces } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { MyBookingItem } from "~/features/bookings/components/my-booking-item";
import { BookingReviewAction } from "~/features/reviews/components/booking-review-action";
import { reviewStates, type ReviewState } from "~/features/reviews/reviews.server";
import { getDb } from "~/lib/db.server";
import { refusalStatus } from "~/lib/http";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { z } from "~/lib/zod";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/my-bookings";

const PAGE_SIZE = 10;
const RESCHEDULE_FAILED = translatable("The booking could not be moved. Please try again.");

/** /my-bookings for signed-in users only: signed-out visitors are sent to / by the loader (docs/product.md "My bookings"). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  try {
    const db = await getDb();
    const now = requestNow(request);
    const found = await listMyBookings(db, { userId: user.id, page, pageSize: PAGE_SIZE, now });
    // Each listing by its host's title in the page's language, where there is one (issue #31 point 5, ADR 0295).
    const result = { ...found, items: await withTranslatedSpaces(db, found.items, localeOfRequest(request, user.preferredLanguage)) };
    const reviews = await reviewStates(db, { userId: user.id, bookingIds: result.items.map((item) => item.id), now });
    return { error: null, ...result, reviews, now: now.toISOString() };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch bookings");
    return data({ error: ERROR_TEXT.fetchBookings, items: [], page, pageCount: 0, total: 0, reviews: {} as Record<string, ReviewState>, now: new Date().toISOString() }, { status: 500 });
  }
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("cancel"),
    bookingId: z.string().min(1).max(100),
    // The refund the dialog showed, in minor units: a different refund now is answered with the new quote.
    expectedRefund: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  // 'Change time' (issue #26): the booking moves to a new start, same length and price.
  // …or to another length, paid as a new booking that replaces it (ADR 0205).
  z.object({
    intent: z.literal("reschedule"),
    bookingId: z.string().min(1).max(100),
    startTime: z.string().min(1).max(40),
    duration: z.coerce.number().int().min(1).max(100_000).optional(),
  }),
  // Withdraw an open request to book (issue #28, ADR 0280): the `withdraw` transition.
  z.object({ intent: z.literal("withdraw"), bookingId: z.string().min(1).max(100) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse({ ok: false as const, error: ERROR_TEXT.cancelBooking, refundMinor: null });
  const parsed = actionSchema.safeParse(Object.fromEntries(body.form));
  if (!parsed.success) return data({ ok: false as const, error: ERROR_TEXT.cancelBooking, refundMinor: null }, { status: 400 });
  if (parsed.data.intent === "withdraw") {
    try {
      const db = await getDb();
      const now = requestNow(request);
      const result = await closeRequest(db, { by: { kind: "guest", guestId: user.id }, bookingId: parsed.data.bookingId, now }, (ids) => performProviderCalls(db, ids, now));
      if (!result.ok) return data({ ok: false as const, error: result.error, refundMinor: null }, { status: result.status });
      return { ok: true as const, error: null, refundMinor: null };
    } catch (error) {
      logger.error({ err: error }, "Failed to withdraw request");
      return data({ ok: false as const, error: ERROR_TEXT.generic, refundMinor: null }, { status: 500 });
    }
  }
  if (parsed.data.intent === "reschedule") {
    try {
      const { bookingId, startTime, duration } = parsed.data;
      const db = await getDb();
      const now = requestNow(request);
      const changed = await changeBooking(db, { userId: user.id, bookingId, startTime, duration, now, translate: await requestTranslate(request) });
      if (!changed.ok) return data({ ok: false as const, error: changed.error, refundMinor: null }, { status: refusalStatus(changed.code) });
      if (changed.moved) return { ok: true as const, error: null, refundMinor: null, moved: changed.moved };
      const client = paymentClientConfig();
      const { checkout: made } = changed;
      const checkout: ChangeCheckout = {
        bookingId: made.bookingId,
        clientSecret: made.clientSecret,
        startTime: made.startTime,
        endTime: made.endTime,
        rental: made.rental,
        total: made.total,
        platformFee: made.platformFee,
        currency: made.currency,
        stripeKey: client.provider === "stripe" ? client.publishableKey : null,
      };
      return { ok: true as const, error: null, refundMinor: null, checkout };
    } catch (error) {
      logger.error({ err: error }, "Failed to move booking");
      return data({ ok: false as const, error: RESCHEDULE_FAILED, refundMinor: null }, { status: 500 });
    }
  }
  try {
    const result = await cancelBooking(await getDb(), {
      by: { kind: "guest", userId: user.id },
      bookingId: parsed.data.bookingId,
      expectedRefund: parsed.data.expectedRefund ?? null,
      now: requestNow(request),
    });
    if (!result.ok) return data({ ok: false as const, error: result.error || ERROR_TEXT.cancelBooking, refundMinor: result.quote?.refundMinor ?? null }, { status: refusalStatus(result.code) });
    return { ok: true as const, error: null, refundMinor: result.refundMinor };
  } catch (error) {
    logger.error({ err: error }, "Failed to cancel booking");
    return data({ ok: false as const, error: ERROR_TEXT.cancelBooking, refundMinor: null }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(msg`My Bookings`), description: _(msg`The bookings you have made.`), path: "/my-bookings", matches, noIndex: true });
};

export default function MyBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, error } = loaderData;
  const _ = useTranslate();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`My Bookings`)}</h1>
      {error ? (
        <Alert tone="error" className="mt-6">
          {_(error)}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          className="mt-8"
          icon={<CalendarDays className="h-10 w-10" />}
          title={_(msg`No Bookings Yet`)}
          description={_(msg`When you book a space, vehicle or piece of equipment it shows up here.`)}
          action={
            <Link to="/explore" className={buttonVariants({ size: "md" })}>
              {_(msg`Explore listings`)}
            </Link>
          }
        />
      ) : (
        <ul className="mt-8 space-y-4">
          {items.map((row) => (
            <MyBookingItem key={row.id} row={row} now={new Date(loaderData.now)} actions={<BookingReviewAction state={loaderData.reviews[row.id]} bookingId={row.id} spaceTitle={row.space.title} />} />
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} className="mt-8" />
    </section>
  );
}
