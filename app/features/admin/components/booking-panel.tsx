import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Fragment, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { priceLineMessage } from "~/features/bookings/booking-texts";
import { priceLines, type PriceParts } from "~/features/bookings/price-lines";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { english, type Translate } from "~/features/i18n/translate";
import { intlLocale } from "~/lib/locales";
import { formatMinor } from "~/lib/money";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { Field, FieldError } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { ADMIN_CANCEL_REASON_MAX, ADMIN_CANCEL_REFUNDS, ADMIN_CANCEL_TEXT, adminCancelSchema, type AdminCancelField, type AdminCancelRefund } from "../booking-cancel-form";

/** A booking as the admin's "Cancel a booking" panel shows it (amounts in minor units, times ISO UTC). */
export type AdminBooking = {
  id: string;
  status: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  currency: string;
  rental: number;
  fee: number;
  /** The Protection line (ADR 0286) when bought: its rate in basis points and amount; null otherwise. */
  protection: PriceParts["protection"];
  /** The Delivery line (ADR 0287); 0 when not chosen. */
  delivery: number;
  total: number;
  /** What the guest has been refunded so far. */
  refunded: number;
  policy: string;
  cancelledBy: "guest" | "host" | "admin" | null;
  cancellationReason: string | null;
  space: { id: string; title: string; href: string };
  guest: { email: string; name: string | null };
  /** The listing's owner and how many bookings they cancelled as host. */
  host: { email: string; name: string | null; cancellations: number };
  /** The refund each choice would make now; null when the booking cannot be cancelled by an admin. */
  quotes: Record<AdminCancelRefund, number> | null;
};

export type AdminCancelAnswer =
  | { ok: true; refundMinor: number }
  | { ok: false; error: string; fieldErrors?: FieldErrors<AdminCancelField> };

const STATUS: Record<string, { text: MessageDescriptor; tone: "success" | "danger" | "neutral" }> = {
  confirmed: { text: msg`Confirmed`, tone: "success" },
  completed: { text: msg`Completed`, tone: "neutral" },
  cancelled: { text: msg`Cancelled`, tone: "danger" },
  pending_payment: { text: msg`Awaiting payment`, tone: "neutral" },
  expired: { text: msg`Expired`, tone: "neutral" },
};

const CANCELLED_BY: Record<"guest" | "host" | "admin", MessageDescriptor> = { guest: msg`the guest`, host: msg`the host`, admin: msg`an admin` };

const POLICY: Record<string, MessageDescriptor> = { flexible: msg`Flexible`, moderate: msg`Moderate`, strict: msg`Strict` };

export const ADMIN_CANCEL_COPY = {
  panelHint: translatable("Find a booking by its id to see it and cancel it."),
  lookupLabel: translatable("Booking id"),
  lookupButton: translatable("Find booking"),
  notFound: translatable("No booking has that id."),
  button: translatable("Cancel booking"),
  title: translatable("Cancel booking"),
  description: translatable("The booking is cancelled at once: its time becomes free to book again, and the guest and the host are e-mailed with your reason."),
  refundLegend: translatable("Refund to the guest"),
  reasonLabel: translatable("Reason (the guest and the host see it)"),
  keep: translatable("Keep booking"),
  confirm: translatable("Confirm cancellation"),
  pending: translatable("Cancelling…"),
  notCancellable: translatable("Only confirmed or completed bookings can be cancelled."),
} as const;

/** The words of each refund choice, with the amount it refunds now. */
export function refundChoiceText(refund: AdminCancelRefund, amount: number, booking: Pick<AdminBooking, "currency" | "policy">, _: Translate = english, locale?: string) {
  const money = formatMinor(amount, booking.currency, locale);
  if (refund === "full") return { label: _(msg`Full refund: ${money}`), hint: _(msg`Everything the guest paid, service fee included.`) };
  if (refund === "policy") {
    const policy = (POLICY[booking.policy] ? _(POLICY[booking.policy]!) : booking.policy).toLowerCase();
    return { label: _(msg`By the cancellation policy: ${money}`), hint: _(msg`What the booking's ${policy} policy gives if the guest cancelled now.`) };
  }
  return { label: _(msg`No refund: ${money}`), hint: _(msg`The guest gets nothing back; the host keeps their payout.`) };
}

const validate = (formData: FormData) => parseForm(adminCancelSchema, formData);

/** The admin's booking search: one booking id, read by the /admin loader from `?booking=`. */
export function BookingLookup({ value, booking, searched }: { value: string; booking: AdminBooking | null; searched: boolean }) {
  const _ = useTranslate();
  const malformed = searched && !booking && !/^[0-9a-f-]{36}$/i.test(value.trim());
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">{_(ADMIN_CANCEL_COPY.panelHint)}</p>
      <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" role="search" aria-label={_(msg`Find a booking`)} preventScrollReset>
        <Field id="booking-lookup" label={_(ADMIN_CANCEL_COPY.lookupLabel)} hint={_(ADMIN_CANCEL_TEXT.bookingIdHint)} error={malformed ? ADMIN_CANCEL_TEXT.badLookup : null} className="flex-1">
          <Input name="booking" type="search" defaultValue={value} maxLength={100} autoComplete="off" spellCheck={false} className="py-2 font-mono" />
        </Field>
        <Button type="submit" variant="secondary" size="md" className="sm:mt-6">
          {_(ADMIN_CANCEL_COPY.lookupButton)}
        </Button>
      </Form>
      {searched && !booking && !malformed && (
        <p className="mt-3 text-sm text-slate-700" role="status">
          {_(ADMIN_CANCEL_COPY.notFound)}
        </p>
      )}
      {booking && <BookingCard booking={booking} />}
    </>
  );
}

function person(who: { email: string; name: string | null }) {
  return who.name ? `${who.name} (${who.email})` : who.email;
}

/** One booking's facts, its host's cancellation count, and the admin's Cancel. */
export function BookingCard({ booking }: { booking: AdminBooking }) {
  const fetcher = useFetcher<AdminCancelAnswer>({ key: `admin-cancel-${booking.id}` });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const _ = useTranslate();
  const language = useLocale();
  const locale = intlLocale(language);
  const known = STATUS[booking.status];
  const status = known ? { text: _(known.text), tone: known.tone } : { text: booking.status, tone: "neutral" as const };
  const money = (minor: number) => formatMinor(minor, booking.currency, locale);
  return (
    <article className="mt-4 rounded-xl border border-slate-200 p-4" aria-labelledby={`admin-booking-${booking.id}`} data-testid="admin-booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`admin-booking-${booking.id}`} className="font-semibold break-words text-slate-900">
          <Link to={booking.space.href} className="hover:underline">
            {booking.space.title}
          </Link>
        </h3>
        <Badge tone={status.tone}>{status.text}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2 [&>dt:not(:first-child)]:mt-2 sm:[&>dt:not(:first-child)]:mt-0">
        <dt className="font-medium text-slate-600">{_(msg`Booking`)}</dt>
        <dd className="font-mono text-xs break-all text-slate-900 sm:text-sm">{booking.id}</dd>
        <dt className="font-medium text-slate-600">{_(msg`When`)}</dt>
        <dd className="text-slate-900">{bookingWhen(booking, language)}</dd>
        <dt className="font-medium text-slate-600">{_(msg`Guest`)}</dt>
        <dd className="break-all text-slate-900">{person(booking.guest)}</dd>
        <dt className="font-medium text-slate-600">{_(msg`Host`)}</dt>
        <dd className="text-slate-900">
          <span className="break-all">{person(booking.host)}</span>
          <span className="block text-slate-700" data-testid="admin-host-cancellations">
            {_(msg`Bookings this host cancelled: ${booking.host.cancellations}`)}
          </span>
        </dd>
        <dt className="font-medium text-slate-600">{_(msg`Total paid`)}</dt>
        <dd className="text-slate-900">
          {money(booking.total)}{" "}
          <span className="text-slate-600" data-testid="admin-booking-price">
            (
            {priceLines(booking).map((line, index) => (
              <Fragment key={line.key}>
                {index > 0 && " + "}
                <span className="whitespace-nowrap">
                  {_(priceLineMessage(line, language))} {money(line.amount)}
                </span>
              </Fragment>
            ))}
            )
          </span>
        </dd>
        <dt className="font-medium text-slate-600">{_(msg`Policy`)}</dt>
        <dd className="text-slate-900">{POLICY[booking.policy] ? _(POLICY[booking.policy]!) : booking.policy}</dd>
        {booking.refunded > 0 && (
          <>
            <dt className="font-medium text-slate-600">{_(msg`Refunded`)}</dt>
            <dd className="text-slate-900">{money(booking.refunded)}</dd>
          </>
        )}
        {booking.status === "cancelled" && booking.cancelledBy && (
          <>
            <dt className="font-medium text-slate-600">{_(msg`Cancelled by`)}</dt>
            <dd className="break-words text-slate-900">
              {_(CANCELLED_BY[booking.cancelledBy])}
              {booking.cancellationReason && <> · {_(msg`Reason: ${booking.cancellationReason}`)}</>}
            </dd>
          </>
        )}
      </dl>
      {answer?.ok && (
        <p role="status" className="mt-3 text-sm font-medium text-green-800">
          {_(msg`Booking cancelled. The guest is refunded ${money(answer.refundMinor)}.`)}
        </p>
      )}
      {booking.quotes ? (
        <div className="mt-4 flex justify-end">
          <AdminCancelDialog booking={booking} quotes={booking.quotes} />
        </div>
      ) : (
        booking.status !== "cancelled" && <p className="mt-3 text-sm text-slate-600">{_(ADMIN_CANCEL_COPY.notCancellable)}</p>
      )}
    </article>
  );
}

/** The confirmation: a refund choice (each with its amount) and a required reason, posted to /admin. */
export function AdminCancelDialog({ booking, quotes }: { booking: AdminBooking; quotes: Record<AdminCancelRefund, number> }) {
  const _ = useTranslate();
  const language = useLocale();
  const locale = intlLocale(language);
  const fetcher = useFetcher<AdminCancelAnswer>({ key: `admin-cancel-${booking.id}` });
  const [openedWith, setOpenedWith] = useState<{ data: AdminCancelAnswer | undefined } | null>(null);
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<AdminCancelField>({ validate, serverErrors });
  const done = openedWith !== null && answer?.ok === true && answer !== openedWith.data;
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);
  const pending = fetcher.state !== "idle";
  const refundErrorId = `admin-cancel-refund-${booking.id}-error`;
  const shownError = answer && !answer.ok && !answer.fieldErrors?.reason && !answer.fieldErrors?.refund ? answer.error : null;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The trigger gets the focus back when the dialog closes. */}
      <DialogTrigger asChild>
        <Button variant="danger" size="sm" disabled={!hydrated} pending={pending} pendingText={_(ADMIN_CANCEL_COPY.pending)}>
          {_(ADMIN_CANCEL_COPY.button)}
        </Button>
      </DialogTrigger>
      <DialogContent title={_(ADMIN_CANCEL_COPY.title)} description={_(ADMIN_CANCEL_COPY.description)} size="md">
        <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <p className="font-semibold break-words text-slate-900">
            {booking.space.title}
            <span className="block text-sm font-normal text-slate-700">
              {bookingWhen(booking, language)} · {_(msg`paid ${formatMinor(booking.total, booking.currency, locale)}`)}
            </span>
          </p>
          <input type="hidden" name="intent" value="cancel_booking" />
          <input type="hidden" name="bookingId" value={booking.id} />
          {shownError && <Alert tone="error">{_(shownError)}</Alert>}
          <fieldset aria-describedby={errors.refund ? refundErrorId : undefined}>
            <legend className="flex gap-1 text-sm font-medium text-slate-800">
              {_(ADMIN_CANCEL_COPY.refundLegend)}
              <span className="text-red-700" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="mt-2 space-y-2">
              {ADMIN_CANCEL_REFUNDS.map((refund) => {
                const text = refundChoiceText(refund, quotes[refund], booking, _, locale);
                const id = `admin-cancel-${booking.id}-${refund}`;
                return (
                  <label
                    key={refund}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      id={id}
                      type="radio"
                      name="refund"
                      value={refund}
                      required
                      aria-invalid={errors.refund ? true : undefined}
                      aria-labelledby={`${id}-label`}
                      aria-describedby={`${id}-hint`}
                      onChange={() => clearError("refund")}
                      className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0">
                      <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
                        {text.label}
                      </span>
                      <span id={`${id}-hint`} className="block text-xs text-slate-600">
                        {text.hint}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
            <FieldError id={refundErrorId} message={errors.refund} />
          </fieldset>
          <Field id={`admin-cancel-reason-${booking.id}`} label={_(ADMIN_CANCEL_COPY.reasonLabel)} error={errors.reason} required>
            <Textarea name="reason" rows={3} maxLength={ADMIN_CANCEL_REASON_MAX} onChange={() => clearError("reason")} />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md">
                {_(ADMIN_CANCEL_COPY.keep)}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" size="md" pending={pending} pendingText={_(ADMIN_CANCEL_COPY.pending)}>
              {_(ADMIN_CANCEL_COPY.confirm)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
