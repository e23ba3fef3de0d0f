import { msg } from "@lingui/core/macro";
import { CalendarDays, ClipboardCheck, MapPin } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { BookingConversationLink } from "~/features/messages/components/contact-host-button";
import { formatMinor } from "~/lib/money";
import { useHydrated } from "~/ui/use-hydrated";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { REQUIREMENTS_LINK } from "../requirements";
import type { BookingRow } from "../queries.server";
import { priceLines } from "../price-lines";
import { REPLACED_REASON } from "../process";
import { REQUEST_TEXT } from "../request-rules";
import { formatInZone } from "../booking-widget-rules";
import { RescheduleDialog } from "./reschedule-dialog";
import { useWithdrawRequest, WithdrawRequestDialog } from "./withdraw-request";
import { bookingWhen } from "../booking-when";
import { priceLineMessage } from "../booking-texts";
import { HANDOVER_TEXT } from "~/features/handovers/handover-rules";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

export const REFUND_TIMING = translatable("Refunds take 5-7 business days");
/** A booking a paid change replaced (ADR 0205). */
export const REPLACED_TEXT = translatable("Changed: replaced by your new booking");

/** One row of /my-bookings, as the server lists it (amounts in minor units, times ISO UTC). */
export type MyBookingRow = Pick<
  BookingRow,
  "id" | "status" | "startTime" | "endTime" | "timeZone" | "currency" | "rental" | "fee" | "total" | "refund" | "space" | "canCancel" | "cancelQuote" | "icsHref"
> &
  Partial<Pick<BookingRow, "units">> &
  Partial<Pick<BookingRow, "protection" | "delivery">> &
  Partial<Pick<BookingRow, "reschedule">> &
  Partial<Pick<BookingRow, "handoverHref" | "requirementsHref">> &
  Partial<Pick<BookingRow, "cancelledBy" | "cancellationReason">> &
  Partial<Pick<BookingRow, "request">>;

type CancelResult = { ok: boolean; error: string | null; refundMinor: number | null };

const STATUS_TONE: Record<string, "success" | "danger" | "neutral"> = { confirmed: "success", cancelled: "danger", declined: "danger" };
/** A request to book's badge and line for the guest (ADR 0280). */
const REQUEST_BADGE = {
  open: REQUEST_TEXT.waiting,
  declined: translatable("Declined by the host"),
  expired: translatable("Request expired"),
  withdrawn: translatable("Request withdrawn"),
} as const;
const REQUEST_LINE = { open: REQUEST_TEXT.widgetNote, declined: REQUEST_TEXT.declined, expired: REQUEST_TEXT.expiredGuest, withdrawn: REQUEST_TEXT.withdrawn } as const;
export { WITHDRAW_COPY } from "./withdraw-request";
const STATUS_TEXT: Record<string, string> = {
  confirmed: translatable("Confirmed"),
  cancelled: translatable("Cancelled"),
  pending_payment: translatable("Awaiting payment"),
  expired: translatable("Expired"),
  completed: translatable("Completed"),
  disputed: translatable("Payment disputed"),
};

export { bookingWhen } from "../booking-when";

/**
 * One booking on /my-bookings (docs/product.md "My bookings"): listing, times in the
 * listing's zone, amounts, status, the .ics link, and Cancel with a dialog that shows
 * the refund before the guest confirms. The cancel posts `intent=cancel` to the page's action.
 */
export function MyBookingItem({ row, actions, now }: { row: MyBookingRow; /** More actions for the row (e.g. "Write a review"). */ actions?: ReactNode; /** The page's clock (for the 'Change time' dialog). */ now?: Date }) {
  const _ = useTranslate();
  const locale = useLocale();
  const when = bookingWhen(row, locale);
  const fetcher = useFetcher<CancelResult>();
  const [open, setOpen] = useState(false);
  // Before hydration the dialog cannot open: the button says so by being disabled.
  const hydrated = useHydrated();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const cancelling = fetcher.state !== "idle";
  const refund = row.refund ?? (result?.ok ? result.refundMinor : null);
  const titleId = `booking-${row.id}-title`;
  // A request's withdrawal (ADR 0280): the same dialog and action as on the booking's own page.
  const { result: withdrawResult, withdrawn } = useWithdrawRequest(row.id);
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
          <Badge tone={row.request ? (row.request.state === "open" ? "neutral" : "danger") : (STATUS_TONE[row.status] ?? "neutral")}>
            {_(row.request ? REQUEST_BADGE[row.request.state] : (STATUS_TEXT[row.status] ?? row.status))}
          </Badge>
        </div>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {row.space.location}
        </p>
        <p className="text-sm text-slate-800">
          {when}
          {row.units ? ` · ${row.units}` : ""}
        </p>
        <p className="text-sm text-slate-700" data-testid="booking-price">
          {priceLines({ rental: row.rental, fee: row.fee, protection: row.protection ?? null, delivery: row.delivery ?? 0 }).map((line) => (
            <Fragment key={line.key}>
              <span className="whitespace-nowrap">
                {_(priceLineMessage(line, locale))} {formatMinor(line.amount, row.currency, locale)}
              </span>{" "}
              ·{" "}
            </Fragment>
          ))}
          <strong className="whitespace-nowrap text-slate-900">{_(msg`Total ${formatMinor(row.total, row.currency, locale)}`)}</strong>
        </p>
        {row.request && !withdrawn && (
          <p className="text-sm text-slate-800" data-testid="request-state">
            {row.request.state === "open" && row.request.expiresAt ? `${_(msg`The host answers by ${formatInZone(row.request.expiresAt, row.timeZone, {}, locale)}.`)} ` : ""}
            {_(REQUEST_LINE[row.request.state])}
            {row.request.state === "declined" && row.cancellationReason ? ` ${_(msg`The host said: ${row.cancellationReason}`)}` : ""}
          </p>
        )}
        {withdrawn && (
          <p role="status" className="text-sm font-medium text-slate-800">
            {_(REQUEST_TEXT.withdrawn)}
          </p>
        )}
        {row.status === "cancelled" && row.cancellationReason === REPLACED_REASON && (
          <p className="text-sm text-slate-800" data-testid="cancelled-by">
            {_(REPLACED_TEXT)}
          </p>
        )}
        {row.status === "cancelled" && row.cancelledBy && row.cancelledBy !== "guest" && (
          <p className="text-sm text-slate-800" data-testid="cancelled-by">
            {row.cancelledBy === "host" ? _(msg`Cancelled by the host`) : _(msg`Cancelled by Rentwell`)}
            {row.cancellationReason ? `: ${row.cancellationReason}` : ""}
          </p>
        )}
        {refund != null && (row.status === "cancelled" || row.status === "expired" || result?.ok) && (
          <p className="text-sm font-medium text-slate-800" data-testid="refund">
            {_(msg`Refund ${formatMinor(refund, row.currency, locale)}.`)} {_(REFUND_TIMING)}.
          </p>
        )}
        {withdrawResult && !withdrawResult.ok && (
          <Alert tone="error" className="text-sm">
            {withdrawResult.error ? _(withdrawResult.error) : null}
          </Alert>
        )}
        {result && !result.ok && (
          <Alert tone="error" className="text-sm">
            {result.error ? _(result.error) : null}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {row.icsHref && row.status === "confirmed" && (
            <a href={row.icsHref} download className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              {_(msg`Add to calendar (.ics)`)}
            </a>
          )}
          {row.handoverHref && (
            <Link to={row.handoverHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
              {_(HANDOVER_TEXT.link)}
            </Link>
          )}
          {row.requirementsHref && (
            <Link to={row.requirementsHref} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              {_(REQUIREMENTS_LINK)}
            </Link>
          )}
          <BookingConversationLink bookingId={row.id}>{_(msg`Message host`)}</BookingConversationLink>
          {row.reschedule && !result?.ok && now && <RescheduleDialog bookingId={row.id} reschedule={row.reschedule} timeZone={row.timeZone} now={now} />}
          {row.request?.state === "open" && !withdrawn && <WithdrawRequestDialog bookingId={row.id} spaceTitle={row.space.title} when={when} />}
          {row.canCancel && !result?.ok && (
            <Dialog open={open} onOpenChange={setOpen}>
              {/* The trigger gets the focus back when the dialog closes. */}
              <DialogTrigger asChild>
                <Button variant="secondary" size="sm" disabled={!hydrated} pending={cancelling} pendingText={_(msg`Cancelling...`)}>
                  {_(msg`Cancel booking`)}
                </Button>
              </DialogTrigger>
              <DialogContent title={_(msg`Cancel booking`)} size="sm" description={_(msg`Are you sure you want to cancel this booking?`)}>
                <p className="mt-4 text-slate-800">
                  {row.space.title}, {when}
                </p>
                <p className="mt-2 font-semibold text-slate-900" data-testid="refund-quote">
                  {row.cancelQuote && row.cancelQuote.refundMinor > 0
                    ? _(msg`You will be refunded ${formatMinor(row.cancelQuote.refundMinor, row.currency, locale)}.`)
                    : _(msg`Under this listing's cancellation policy you will not get a refund.`)}
                </p>
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button variant="secondary" size="md">
                      {_(msg`Keep booking`)}
                    </Button>
                  </DialogClose>
                  <Button
                    variant="danger"
                    size="md"
                    pending={cancelling}
                    onClick={() => {
                      void fetcher.submit({ intent: "cancel", bookingId: row.id, expectedRefund: String(row.cancelQuote?.refundMinor ?? 0) }, { method: "post" });
                      setOpen(false);
                    }}
                  >
                    {_(msg`Yes, cancel booking`)}
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          )}
          {actions}
        </div>
      </div>
    </li>
  );
}
