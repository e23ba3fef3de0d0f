import { Badge } from "~/ui/badge";
import { formatMinor } from "~/lib/money";
import type { PayoutItem } from "../earnings.server";
import { formatDate } from "~/lib/dates";

const day = (iso: string, timeZone = "UTC") => formatDate(iso, "en-US", { dateStyle: "medium", timeZone });
const dayTime = (iso: string, timeZone = "UTC") => formatDate(iso, "en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

const STATUS = {
  pending: { label: "Pending", tone: "neutral" },
  scheduled: { label: "Scheduled", tone: "brand" },
  processing: { label: "Sending", tone: "brand" },
  paid: { label: "Paid", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  reversed: { label: "Reversed", tone: "warning" },
  held: { label: "On hold", tone: "warning" },
} as const;

function statusLine(item: PayoutItem) {
  switch (item.status) {
    case "pending":
      return `Held until ${dayTime(item.releaseAt)} UTC (24 hours after the booking ends)`;
    case "scheduled":
      return "Released: sent with the next payout run once your payout account is complete";
    case "processing":
      return "Being sent to your payout account";
    case "paid":
      return item.transferredAt ? `Sent on ${day(item.transferredAt)}; banks take 3-5 business days` : "Sent";
    case "failed":
      return `${item.failureMessage ?? "The transfer failed"}. We try again${item.nextAttemptAt ? ` on ${dayTime(item.nextAttemptAt)} UTC` : ""}.`;
    case "cancelled":
      return "The booking was cancelled and refunded: nothing is paid out";
    case "reversed":
      return "The transfer was reversed";
    case "held":
      return "The guest's card payment is disputed: the payout waits until the dispute closes";
  }
}

/** The host's payouts, each with its booking: amount, state and what happens next. */
export function PayoutList({ items }: { items: PayoutItem[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => {
        const status = STATUS[item.status];
        return (
          <li key={item.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="payout-item">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{item.space.title}</p>
              <p className="text-sm text-slate-600">
                Booking {day(item.booking.startTime, item.booking.timeZone)} · guest paid {formatMinor(item.booking.total, item.currency)}
              </p>
              <p className="mt-1 text-sm text-slate-700">{statusLine(item)}</p>
              {item.deducted > 0 && (
                <p className="mt-1 text-sm text-slate-700" data-testid="payout-deduction">
                  Deducted from this payout: {formatMinor(item.deducted, item.currency)} (a refund to a guest after an earlier payout)
                </p>
              )}
            </div>
            <div className="flex items-center gap-3 sm:flex-col sm:items-end">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatMinor(item.amount, item.currency)}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
