import { msg } from "@lingui/core/macro";
import { formatMinorIn } from "~/features/hosting/format";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { useState } from "react";
import { useFetcher } from "react-router";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { formatMinor } from "~/lib/money";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { RecentBooking } from "../dashboard.server";
import { HOST_CANCEL_REASON_MAX, hostCancelSchema, type HostCancelField } from "../host-cancel-form";

/** What the dashboard action answers to a host's cancellation. */
export type HostCancelAnswer =
  | { ok: true; refundMinor: number }
  | { ok: false; error: string; fieldErrors?: FieldErrors<HostCancelField> };

export const HOST_CANCEL_COPY = {
  button: translatable("Cancel booking"),
  title: translatable("Cancel this booking?"),
  reasonLabel: translatable("Reason for cancelling"),
  reasonHint: translatable("The guest receives this in the cancellation e-mail."),
  keep: translatable("Keep booking"),
  confirm: translatable("Cancel and refund guest"),
  pending: translatable("Cancelling…"),
  slotFreed: translatable("The time becomes free to book again, and the guest and you get an e-mail. Rentwell counts the bookings you cancel."),
} as const;

/** "The guest will be refunded in full: $46.75, including the service fee." */
export function fullRefundText(refundMinor: number, currency: string) {
  return `The guest will be refunded in full: ${formatMinor(refundMinor, currency)}, including the service fee.`;
}

const validate = (formData: FormData) => parseForm(hostCancelSchema, formData);

/**
 * The host's "Cancel booking" on a booking of their listing that has not started
 * (issue #25 point 5): a dialog shows the full refund the guest gets and asks for a
 * reason, then posts `intent=host_cancel` to the /dashboard action. After the answer the
 * page's data is read again, so the row shows the booking cancelled.
 */
export function HostCancelDialog({ booking }: { booking: RecentBooking }) {
  const _ = useTranslate();
  const locale = useLocale();
  const fetcher = useFetcher<HostCancelAnswer>({ key: `host-cancel-${booking.id}` });
  // The answer shown when the dialog opened: a newer successful one closes it.
  const [openedWith, setOpenedWith] = useState<{ data: HostCancelAnswer | undefined } | null>(null);
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<HostCancelField>({ validate, serverErrors });
  const done = openedWith !== null && answer?.ok === true && answer !== openedWith.data;
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);
  const pending = fetcher.state !== "idle";

  if (answer?.ok) {
    const refunded = formatMinorIn(locale, answer.refundMinor, booking.currency);
    // Said to screen readers; the row itself now shows "Cancelled by you · guest refunded …".
    return (
      <p role="status" className="sr-only">
        {_(msg`Booking cancelled. The guest is refunded ${refunded}.`)}
      </p>
    );
  }
  if (booking.hostCancelRefund === null) return null;
  const refundAmount = formatMinorIn(locale, booking.hostCancelRefund, booking.currency);
  const reasonId = `host-cancel-reason-${booking.id}`;
  const guest = booking.guestName ?? _(msg`a guest`);
  const refundText = _(msg`The guest will be refunded in full: ${refundAmount}, including the service fee.`);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The trigger gets the focus back when the dialog closes. */}
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          disabled={!hydrated}
          pending={pending}
          pendingText={_(HOST_CANCEL_COPY.pending)}
          aria-label={`${_(HOST_CANCEL_COPY.button)}: ${booking.space.title}, ${bookingWhen(booking)}`}
        >
          {_(HOST_CANCEL_COPY.button)}
        </Button>
      </DialogTrigger>
      <DialogContent title={_(HOST_CANCEL_COPY.title)} size="md" description={`${booking.space.title} · ${_(msg`booked by ${guest}`)}`}>
        <fetcher.Form ref={formRef} method="post" action="/dashboard" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="host_cancel" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <p className="text-sm text-slate-800">{bookingWhen(booking)}</p>
          <p className="rounded-lg bg-slate-50 p-3 font-semibold text-slate-900" data-testid="host-cancel-refund">
            {refundText}
          </p>
          <p className="text-sm text-slate-600">{_(HOST_CANCEL_COPY.slotFreed)}</p>
          {answer && !answer.ok && !answer.fieldErrors?.reason && <Alert tone="error">{_(answer.error)}</Alert>}
          <Field id={reasonId} label={_(HOST_CANCEL_COPY.reasonLabel)} hint={_(HOST_CANCEL_COPY.reasonHint)} error={errors.reason ? _(errors.reason) : undefined} required>
            <Textarea name="reason" rows={4} maxLength={HOST_CANCEL_REASON_MAX} onChange={() => clearError("reason")} />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md">
                {_(HOST_CANCEL_COPY.keep)}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" size="md" pending={pending} pendingText={_(HOST_CANCEL_COPY.pending)}>
              {_(HOST_CANCEL_COPY.confirm)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
