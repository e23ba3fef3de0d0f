import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { dayText, rangesText, wallRangeText, type CalendarItem, type Translate } from "../host-calendar-view";
import type { HoursRange } from "../schedule";

const KIND_LABEL = { booking: translatable("Booking"), hold: translatable("Checkout in progress"), block: translatable("Blocked") } as const;
const KIND_TONE = { booking: "success", hold: "neutral", block: "warning" } as const;

/** The words beside the badge: the guest, the block's note, or where an imported block comes from. */
function agendaText(item: CalendarItem, _: Translate) {
  if (item.kind === "booking") return item.title;
  if (item.kind === "block") return item.imported ? _(msg`From an imported calendar`) : (item.note?.trim() ?? "");
  return "";
}

/**
 * The view's bookings, holds and blocks as a list under the calendar, in time order: the
 * same entries as the grid, readable in order by a screen reader and easy on a phone.
 * Each opens the entry's dialog; each date with its own hours can be changed.
 */
export function CalendarAgenda({
  periodName,
  items,
  dated,
  notes,
  onItem,
  onDated,
}: {
  periodName: string;
  items: CalendarItem[];
  dated: Record<string, HoursRange[]>;
  notes: Record<string, string | null>;
  onItem: (item: CalendarItem) => void;
  onDated: (date: string) => void;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const dates = Object.keys(dated).sort();
  return (
    <section aria-labelledby="agenda-title" className="mt-6" data-testid="calendar-agenda">
      <h2 id="agenda-title" className="text-lg font-semibold text-slate-900">
        {_(msg`Bookings and blocks in ${periodName}`)}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-600">{_(msg`Nothing booked or blocked in ${periodName}.`)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((item) => {
            const kind = item.kind as keyof typeof KIND_LABEL;
            const when = wallRangeText(item.start, item.end, locale, _);
            const kindLabel = _(KIND_LABEL[kind]);
            const guest = item.title;
            return (
              <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`agenda-${item.kind}`}>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={KIND_TONE[kind]}>{kindLabel}</Badge>
                    <span className="font-medium break-words text-slate-900">{agendaText(item, _)}</span>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{when}</p>
                </div>
                <Button variant="secondary" size="sm" onClick={() => onItem(item)} aria-label={item.kind === "booking" ? _(msg`Details: ${kindLabel} by ${guest}, ${when}`) : _(msg`Details: ${kindLabel}, ${when}`)}
                >
                  {_(msg`Details`)}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {dates.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">{_(msg`Dates with their own hours`)}</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {dates.map((date) => {
              const day = dayText(date, locale);
              return (
              <li key={date} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="agenda-dated">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {day}: {rangesText(dated[date]!, _)}
                  </p>
                  {notes[date] && <p className="text-sm break-words text-slate-600">{notes[date]}</p>}
                </div>
                <Button variant="secondary" size="sm" onClick={() => onDated(date)} aria-label={_(msg`Change the hours of ${day}`)}>
                  {_(msg`Change`)}
                </Button>
              </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
