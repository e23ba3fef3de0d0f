import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { formatMinor } from "~/lib/money";
import { busyWindow, rangeInZone, slotNote, slotOptions, timeInZone, weekStartOf, type Availability } from "../booking-widget-rules";
import { quoteBooking } from "../pricing";
import { PaymentStep } from "./payment-step";
import type { Reschedulable } from "../queries.server";
import { todayIn } from "../slots";
import { basisPointsText } from "../requirements";
import { useBusyRanges } from "./use-busy-ranges";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { durationMessage } from "../booking-texts";

/** What the /my-bookings action answers to `intent=reschedule`: moved in place, or a change's checkout. */
export type RescheduleAnswer = { ok: boolean; error: string | null; moved?: { startTime: string; endTime: string }; checkout?: ChangeCheckout };

/** A change to another length, held and waiting for its payment (ADR 0205). */
export type ChangeCheckout = {
  bookingId: string;
  clientSecret: string;
  startTime: string;
  endTime: string;
  rental: number;
  total: number;
  platformFee: { percentage: number; amount: number };
  /** The booking's Protection and Delivery lines, kept by the change (ADR 0286, 0287). */
  protection?: { basisPoints: number; amount: number } | null;
  delivery?: number;
  currency: string;
  stripeKey: string | null;
};

export const RESCHEDULE_COPY = {
  button: translatable("Change time"),
  title: translatable("Change the time"),
  description: translatable("Move this booking to another free time, or change its length. The cancellation terms stay as they are."),
  date: translatable("New date"),
  start: translatable("New start time"),
  length: translatable("Length"),
  confirm: translatable("Move booking"),
  pending: translatable("Moving…"),
  toPayment: translatable("Continue to payment"),
  keep: translatable("Keep this time"),
  /** Shown when the length changes: how the difference is paid. */
  difference: (total: string, paid: string) =>
    `New total ${total}. You pay it now, and your payment of ${paid} is refunded in full as soon as the new payment goes through; until then your booking stays as it is.`,
} as const;

/**
 * The guest's 'Change time' on /my-bookings (issue #26 point 7): a date, then the start
 * times the listing's hours and rules allow and that are free (the booking's own time
 * does not count as taken), from the same rules the booking widget uses; the server
 * checks everything again. Posts `intent=reschedule` to the page's action.
 */
export function RescheduleDialog({ bookingId, reschedule, timeZone, now }: { bookingId: string; reschedule: Reschedulable; timeZone: string; now: Date }) {
  const _ = useTranslate();
  const locale = useLocale();
  const fetcher = useFetcher<RescheduleAnswer>({ key: `reschedule-${bookingId}` });
  const hydrated = useHydrated();
  // The answer there was when the dialog opened: a newer successful one closes it.
  const [openedWith, setOpenedWith] = useState<{ data: RescheduleAnswer | undefined } | null>(null);
  const [date, setDate] = useState("");
  const [start, setStart] = useState("");
  const [length, setLength] = useState(reschedule.quantity);
  const changing = length !== reschedule.quantity;
  const quote = changing && reschedule.price ? quoteBooking({ unitPriceMinor: reschedule.price.unitMinor, quantity: length * reschedule.units, feePercent: reschedule.price.feePercent, currency: reschedule.price.currency, protectionBasisPoints: reschedule.price.protectionBasisPoints, deliveryFeeMinor: reschedule.price.deliveryFeeMinor }) : null;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const pending = fetcher.state !== "idle";
  // Moved: the dialog closes. A change's checkout stays open for its payment.
  const done = openedWith !== null && answer?.ok === true && !answer.checkout && answer !== openedWith.data;
  const [leftCheckout, setLeftCheckout] = useState<string | null>(null);
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);

  const today = todayIn(timeZone, now);
  const window = useMemo(() => busyWindow(weekStartOf(date || today)), [date, today]);
  const { busy, dated } = useBusyRanges(reschedule.spaceId, window);
  const availability: Availability = {
    schedule: { ...reschedule.schedule, dated },
    capacity: reschedule.capacity,
    // The booking's own row is what moves: its time is free to it.
    busy: busy.filter((range) => !(Date.parse(range.start) === Date.parse(reschedule.row.start) && Date.parse(range.end) === Date.parse(reschedule.row.end))),
  };
  const slots = date ? slotOptions(date, availability, reschedule.unit, length, reschedule.units, now, _) : [];
  const lengths = reschedule.price ? range(reschedule.lengths.min, Math.min(reschedule.lengths.max, reschedule.lengths.min + 47)) : [reschedule.quantity];
  const checkout = answer?.ok && answer.checkout && answer.checkout.bookingId !== leftCheckout ? answer.checkout : null;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={!hydrated}>
          {_(RESCHEDULE_COPY.button)}
        </Button>
      </DialogTrigger>
      <DialogContent title={_(RESCHEDULE_COPY.title)} size="sm" description={_(RESCHEDULE_COPY.description)}>
        {checkout ? (
          <PaymentStep
            request={{ spaceId: reschedule.spaceId, startTime: checkout.startTime, endTime: checkout.endTime, duration: length, pricingUnit: reschedule.unit, amount: checkout.total, currency: checkout.currency }}
            summary={{
              when: rangeInZone(checkout.startTime, checkout.endTime, timeZone, locale),
              zone: timeZone,
              duration: _(durationMessage(reschedule.unit, length)),
              rental: checkout.rental,
              fee: checkout.platformFee.amount,
              feePercent: checkout.platformFee.percentage,
              protection: checkout.protection ? { percentText: basisPointsText(checkout.protection.basisPoints, locale), amount: checkout.protection.amount } : null,
              delivery: checkout.delivery ?? 0,
              total: checkout.total,
              currency: checkout.currency,
            }}
            existing={{ state: "ready", clientSecret: checkout.clientSecret, startTime: checkout.startTime, endTime: checkout.endTime, total: checkout.total, rental: checkout.rental, fee: checkout.platformFee, protection: checkout.protection ?? null, delivery: checkout.delivery ?? 0, currency: checkout.currency, stripeKey: checkout.stripeKey }}
            onReady={() => undefined}
            // Back to the choice; the unpaid change lapses, or the next one releases it.
            onBack={() => setLeftCheckout(checkout.bookingId)}
          />
        ) : (
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="bookingId" value={bookingId} />
          {lengths.length > 1 && (
            <Field label={_(RESCHEDULE_COPY.length)}>
              <Select
                name="duration"
                value={String(length)}
                onChange={(event) => {
                  setLength(Number(event.target.value));
                  setStart("");
                }}
              >
                {lengths.map((option) => (
                  <option key={option} value={option}>
                    {_(durationMessage(reschedule.unit, option))}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={_(RESCHEDULE_COPY.date)} hint={_(msg`Times in ${timeZone.replace(/_/g, " ")}`)}>
            <Input
              type="date"
              min={today}
              value={date}
              required
              onChange={(event) => {
                setDate(event.target.value);
                setStart("");
              }}
            />
          </Field>
          <Field label={_(RESCHEDULE_COPY.start)}>
            <Select name="startTime" value={start} required disabled={!date} onChange={(event) => setStart(event.target.value)}>
              <option value="">{date ? (slots.length > 0 ? _(msg`Choose a time`) : _(msg`Closed on this date`)) : _(msg`Pick a date first`)}</option>
              {slots.map((slot) => (
                <option key={slot.start} value={slot.start} disabled={slot.disabled}>
                  {timeInZone(slot.start, timeZone, locale)}
                  {slot.reason ? ` — ${_(slotNote(slot.reason))}` : ""}
                </option>
              ))}
            </Select>
          </Field>
          {quote && reschedule.price && (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="change-difference">
              {_(differenceMessage(formatMinor(quote.totalMinor, quote.currency, locale), formatMinor(reschedule.price.total, reschedule.price.currency, locale)))}
            </p>
          )}
          {answer && !answer.ok && answer.error && (
            <Alert tone="error" className="text-sm">
              {_(answer.error)}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md" type="button">
                {_(RESCHEDULE_COPY.keep)}
              </Button>
            </DialogClose>
            <Button size="md" type="submit" disabled={!start} pending={pending} pendingText={_(RESCHEDULE_COPY.pending)}>
              {_(changing ? RESCHEDULE_COPY.toPayment : RESCHEDULE_COPY.confirm)}
            </Button>
          </div>
        </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** `RESCHEDULE_COPY.difference` in the page's language. */
function differenceMessage(total: string, paid: string) {
  return msg`New total ${total}. You pay it now, and your payment of ${paid} is refunded in full as soon as the new payment goes through; until then your booking stays as it is.`;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
