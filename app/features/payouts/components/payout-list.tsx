import type { MessageDescriptor } from "@lingui/core";
import { intlLocale, formatMinorIn } from "~/features/hosting/format";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Badge } from "~/ui/badge";
import type { PayoutItem } from "../earnings.server";
import { formatDate } from "~/lib/dates";

const day = (iso: string, locale: string, timeZone = "UTC") => formatDate(iso, intlLocale(locale), { dateStyle: "medium", timeZone });
const dayTime = (iso: string, locale: string, timeZone = "UTC") => formatDate(iso, intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone });

const STATUS = {
  pending: { label: translatable("Pending"), tone: "neutral" },
  scheduled: { label: translatable("Scheduled"), tone: "brand" },
  processing: { label: translatable("Sending"), tone: "brand" },
  paid: { label: translatable("Paid"), tone: "success" },
  failed: { label: translatable("Failed"), tone: "danger" },
  cancelled: { label: translatable("Cancelled"), tone: "neutral" },
  reversed: { label: translatable("Reversed"), tone: "warning" },
  held: { label: translatable("On hold"), tone: "warning" },
} as const;

function statusLine(item: PayoutItem, _: (text: MessageDescriptor | string) => string, locale: string) {
  switch (item.status) {
    case "pending":
    {
      const until = dayTime(item.releaseAt, locale);
      return _(msg`Held until ${until} UTC (24 hours after the booking ends)`);
    }
    case "scheduled":
      return _(msg`Released: sent with the next payout run once your payout account is complete`);
    case "processing":
      return _(msg`Being sent to your payout account`);
    case "paid":
    {
      const sent = item.transferredAt ? day(item.transferredAt, locale) : null;
      return sent ? _(msg`Sent on ${sent}; banks take 3-5 business days`) : _(msg`Sent`);
    }
    case "failed":
    {
      const reason = item.failureMessage ?? _(msg`The transfer failed`);
      const next = item.nextAttemptAt ? dayTime(item.nextAttemptAt, locale) : null;
      return next ? _(msg`${reason}. We try again on ${next} UTC.`) : _(msg`${reason}. We try again.`);
    }
    case "cancelled":
      return _(msg`The booking was cancelled and refunded: nothing is paid out`);
    case "reversed":
      return _(msg`The transfer was reversed`);
    case "held":
      return _(msg`The guest's card payment is disputed: the payout waits until the dispute closes`);
  }
}

/** The host's payouts, each with its booking: amount, state and what happens next. */
export function PayoutList({ items }: { items: PayoutItem[] }) {
  const _ = useTranslate();
  const locale = useLocale();
  const money = (minor: number, currency: string) => formatMinorIn(locale, minor, currency);
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => {
        const status = STATUS[item.status];
        const booked = day(item.booking.startTime, locale, item.booking.timeZone);
        const paid = money(item.booking.total, item.currency);
        const deducted = money(item.deducted, item.currency);
        return (
          <li key={item.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="payout-item">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{item.space.title}</p>
              <p className="text-sm text-slate-600">
                {_(msg`Booking ${booked} · guest paid ${paid}`)}
              </p>
              <p className="mt-1 text-sm text-slate-700">{statusLine(item, _, locale)}</p>
              {item.deducted > 0 && (
                <p className="mt-1 text-sm text-slate-700" data-testid="payout-deduction">
                  {_(msg`Deducted from this payout: ${deducted} (a refund to a guest after an earlier payout)`)}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3 sm:flex-col sm:items-end">
              <Badge tone={status.tone}>{_(status.label)}</Badge>
              <span className="text-lg font-semibold text-slate-900 tabular-nums">{money(item.amount, item.currency)}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
