import { CalendarDays, MapPin } from "lucide-react";
import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/bookings/cancel-booking.server";
import { listMyBookings } from "~/features/bookings/my-bookings.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { formatMinor } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { z } from "~/lib/zod";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import type { Route } from "./+types/my-bookings";

const PAGE_SIZE = 10;
export const FETCH_FAILED = "Failed to fetch bookings";
export const CANCEL_FAILED = "Failed to cancel booking";
export const REFUND_TIMING = "Refunds take 5-7 business days";

/** /my-bookings for signed-in users only: signed-out visitors are sent to / by the loader (docs/product.md "My bookings"). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  try {
    const result = await listMyBookings(await getDb(), { userId: user.id, page, pageSize: PAGE_SIZE });
    return { error: null, ...result };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch bookings");
    return data({ error: FETCH_FAILED, items: [], page, pageCount: 0, total: 0 }, { status: 500 });
  }
}

const cancelSchema = z.object({ intent: z.literal("cancel"), bookingId: z.string().min(1).max(100) });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = cancelSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) return data({ ok: false as const, error: CANCEL_FAILED, refundMinor: null }, { status: 400 });
  try {
    const result = await cancelBooking(await getDb(), { userId: user.id, bookingId: parsed.data.bookingId, now: new Date() });
    if (!result.ok) return data({ ok: false as const, error: result.error || CANCEL_FAILED, refundMinor: null }, { status: result.status });
    return { ok: true as const, error: null, refundMinor: result.refundMinor };
  } catch (error) {
    logger.error({ err: error }, "Failed to cancel booking");
    return data({ ok: false as const, error: CANCEL_FAILED, refundMinor: null }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "My Bookings | Rentwell", description: "The bookings you have made.", path: "/my-bookings", matches, noIndex: true });

type Row = Route.ComponentProps["loaderData"]["items"][number];

const STATUS_TONE: Record<string, "success" | "danger" | "neutral"> = { confirmed: "success", cancelled: "danger" };
const STATUS_TEXT: Record<string, string> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  pending_payment: "Awaiting payment",
  expired: "Expired",
  completed: "Completed",
};

/** "Tue 25 Nov 2026, 14:00 – 16:00 (America/New York)" in the listing's zone. */
function when(row: Pick<Row, "startTime" | "endTime" | "timeZone">) {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone: row.timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: row.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const start = new Date(row.startTime);
  const end = new Date(row.endTime);
  const sameDay = day.format(start) === day.format(end);
  const text = sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
  return `${text} (${row.timeZone.replace(/_/g, " ")})`;
}

export default function MyBookingsPage({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, error } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Bookings</h1>
      {error ? (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          className="mt-8"
          icon={<CalendarDays className="h-10 w-10" />}
          title="No Bookings Yet"
          description="When you book a space, vehicle or piece of equipment it shows up here."
          action={
            <Link to="/explore" className={buttonVariants({ size: "md" })}>
              Explore listings
            </Link>
          }
        />
      ) : (
        <ul className="mt-8 space-y-4">
          {items.map((row) => (
            <BookingItem key={row.id} row={row} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "secondary", size: "md" })}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={buttonVariants({ variant: "secondary", size: "md" })}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

function BookingItem({ row }: { row: Row }) {
  const fetcher = useFetcher<typeof action>();
  const [open, setOpen] = useState(false);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const cancelling = fetcher.state !== "idle";
  const refund = row.refund ?? (result?.ok ? result.refundMinor : null);
  const titleId = `booking-${row.id}-title`;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row" aria-labelledby={titleId}>
      {row.space.image ? (
        <img src={row.space.image} alt="" className="aspect-[4/3] w-full rounded-lg object-cover sm:w-44" loading="lazy" />
      ) : (
        <div className="aspect-[4/3] w-full rounded-lg bg-slate-100 sm:w-44" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            <Link to={row.space.href} className="hover:underline">
              {row.space.title}
            </Link>
          </h2>
          <Badge tone={STATUS_TONE[row.status] ?? "neutral"}>{STATUS_TEXT[row.status] ?? row.status}</Badge>
        </div>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {row.space.location}
        </p>
        <p className="text-sm text-slate-800">{when(row)}</p>
        <p className="text-sm text-slate-700">
          Rental {formatMinor(row.rental, row.currency)} · Service fee {formatMinor(row.fee, row.currency)} ·{" "}
          <strong className="text-slate-900">Total {formatMinor(row.total, row.currency)}</strong>
        </p>
        {refund != null && (row.status === "cancelled" || result?.ok) && (
          <p className="text-sm font-medium text-slate-800" data-testid="refund">
            Refund {formatMinor(refund, row.currency)}. {REFUND_TIMING}.
          </p>
        )}
        {result && !result.ok && (
          <Alert tone="error" className="text-sm">
            {result.error}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {row.icsHref && row.status === "confirmed" && (
            <a href={row.icsHref} download className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Add to calendar (.ics)
            </a>
          )}
          {row.canCancel && !result?.ok && (
            <Dialog open={open} onOpenChange={setOpen}>
              <Button variant="secondary" size="sm" onClick={() => setOpen(true)} pending={cancelling} pendingText="Cancelling...">
                Cancel booking
              </Button>
              <DialogContent title="Cancel booking" size="sm" description="Are you sure you want to cancel this booking?">
                <p className="mt-4 text-slate-800">
                  {row.space.title}, {when(row)}
                </p>
                <p className="mt-2 font-semibold text-slate-900" data-testid="refund-quote">
                  {row.cancelQuote && row.cancelQuote.refundMinor > 0
                    ? `You will be refunded ${formatMinor(row.cancelQuote.refundMinor, row.currency)}.`
                    : "Under this listing's cancellation policy you will not get a refund."}
                </p>
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button variant="secondary" size="md">
                      Keep booking
                    </Button>
                  </DialogClose>
                  <Button
                    variant="danger"
                    size="md"
                    pending={cancelling}
                    onClick={() => {
                      void fetcher.submit({ intent: "cancel", bookingId: row.id }, { method: "post" });
                      setOpen(false);
                    }}
                  >
                    Yes, cancel booking
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          )}
        </div>
      </div>
    </li>
  );
}
