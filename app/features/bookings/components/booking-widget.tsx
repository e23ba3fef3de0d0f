import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { formatMinor } from "~/lib/money";
import {
  busyWindow,
  choiceProblem,
  clampQuantity,
  durationText,
  formatInZone,
  quoteChoice,
  shiftDate,
  slotOptions,
  timeInZone,
  timeZoneChoices,
  UNIT_NAMES,
  weekGrid,
  weekStartOf,
  type Choice,
  type UnitPrice,
} from "../booking-widget-rules";
import { durationRange, type PricingUnit } from "../pricing";
import { bookingEnd, todayIn } from "../slots";
import { PaymentStep } from "./payment-step";
import { useBusyRanges } from "./use-busy-ranges";

export type BookingWidgetData = {
  timeZone: string;
  currency: string;
  units: UnitPrice[];
  feePercent: number;
  minRentalDuration: number;
  maxRentalDuration: number | null;
};

type Props = {
  spaceId: string;
  widget: BookingWidgetData;
  signedIn: boolean;
  /** The clock: the page passes the server's time first and ticks it after hydration; tests pass a fixed one. */
  now: Date;
  /** Opens the sign-in dialog (signed-out visitors); the choice stays as it is. */
  onSignInWanted(): void;
};

/** "YYYY-MM-DD" ↔ a Date at local midnight, for the calendar (which works in calendar days). */
function calendarDate(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year, month - 1, day);
}
function dateKey(date: Date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/**
 * The space page's booking form (docs/product.md "Space detail", "Booking flow"):
 * pricing option, date, start time, duration, display time zone, the weekly grid
 * and the summary, then the payment step.
 */
export function BookingWidget({ spaceId, widget, signedIn, now, onSignInWanted }: Props) {
  const id = useId();
  const { timeZone, currency, units, feePercent } = widget;
  const today = todayIn(timeZone, now);
  const [choice, setChoice] = useState<Choice>(() => ({
    unit: units[0]?.unit ?? "hour",
    date: null,
    start: null,
    quantity: durationRange(units[0]?.unit ?? "hour", widget).min,
  }));
  const [displayZone, setDisplayZone] = useState(timeZone);
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<"form" | "payment">("form");

  useEffect(() => {
    setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null);
  }, []);

  const window = useMemo(() => busyWindow(weekStart), [weekStart]);
  const { busy, failed: busyFailed, reload: reloadBusy } = useBusyRanges(spaceId, window);

  const range = durationRange(choice.unit, widget);
  const quote = quoteChoice(units, choice, feePercent, currency);
  const slots = choice.date ? slotOptions(choice.date, timeZone, choice.unit, choice.quantity, busy, now) : [];
  const grid = weekGrid(weekStart, timeZone, busy, now);
  const end = choice.start ? bookingEnd(choice.start, choice.unit, choice.quantity, timeZone) : null;
  const free = total(quote) === 0;

  // A slot that became busy (someone else booked it) or passed is no longer chosen.
  const chosenSlot = slots.find((slot) => slot.start === choice.start);
  useEffect(() => {
    if (choice.start && chosenSlot?.disabled) setChoice((current) => ({ ...current, start: null }));
  }, [choice.start, chosenSlot?.disabled]);

  const update = (next: Partial<Choice>) => {
    setProblem(null);
    setChoice((current) => {
      const merged = { ...current, ...next };
      return { ...merged, quantity: clampQuantity(merged.quantity, durationRange(merged.unit, widget)) };
    });
  };

  const pickDate = (date: string) => {
    update({ date, start: null });
    setWeekStart(weekStartOf(date));
  };

  const proceed = () => {
    const issue = choiceProblem(choice, now);
    setProblem(issue);
    if (issue || free) return;
    if (!signedIn) {
      onSignInWanted();
      return;
    }
    setStep("payment");
  };

  if (step === "payment" && choice.start && end) {
    return (
      <PaymentStep
        request={{ spaceId, startTime: choice.start, endTime: end, duration: choice.quantity, pricingUnit: choice.unit, amount: quote.totalMinor, currency }}
        summary={{
          when: `${formatInZone(choice.start, displayZone)} – ${formatInZone(end, displayZone)}`,
          zone: displayZone,
          duration: durationText(choice.unit, choice.quantity),
          rental: quote.rentalMinor,
          fee: quote.feeMinor,
          feePercent: quote.feePercent,
          total: quote.totalMinor,
          currency,
        }}
        onBack={() => {
          setStep("form");
          void reloadBusy();
        }}
      />
    );
  }

  const zones = timeZoneChoices(timeZone, browserZone);
  const unitId = `${id}-unit`;
  const startId = `${id}-start`;
  const durationId = `${id}-duration`;
  const zoneId = `${id}-zone`;

  return (
    <div className="mt-4 space-y-4" data-testid="booking-widget">
      <div className="space-y-1">
        <label htmlFor={unitId} className="block text-sm font-medium text-slate-800">
          Pricing option
        </label>
        <select
          id={unitId}
          value={choice.unit}
          onChange={(event) => update({ unit: event.target.value as PricingUnit })}
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        >
          {units.map((entry) => (
            <option key={entry.unit} value={entry.unit}>
              {UNIT_NAMES[entry.unit].label} — {formatMinor(entry.priceMinor, currency)}/{UNIT_NAMES[entry.unit].one}
            </option>
          ))}
        </select>
      </div>

      <div className="space-y-1">
        <span className="block text-sm font-medium text-slate-800" id={`${id}-date-label`}>
          Date
        </span>
        <button
          type="button"
          aria-expanded={calendarOpen}
          aria-controls={`${id}-calendar`}
          aria-describedby={`${id}-date-label`}
          onClick={() => setCalendarOpen((open) => !open)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-left"
        >
          {choice.date ? formatInZone(`${choice.date}T12:00:00Z`, "UTC", { hour: undefined, minute: undefined, year: "numeric" }) : "Choose a date"}
        </button>
        {calendarOpen && (
          <div id={`${id}-calendar`} className="rounded-lg border border-slate-200 p-2">
            <DayPicker
              mode="single"
              today={calendarDate(today)}
              selected={choice.date ? calendarDate(choice.date) : undefined}
              defaultMonth={calendarDate(choice.date ?? today)}
              startMonth={calendarDate(today)}
              disabled={{ before: calendarDate(today) }}
              onSelect={(date) => {
                if (!date) return;
                pickDate(dateKey(date));
                setCalendarOpen(false);
              }}
            />
          </div>
        )}
      </div>

      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <label htmlFor={startId} className="block text-sm font-medium text-slate-800">
            Start time
          </label>
          <select
            id={startId}
            value={choice.start ?? ""}
            disabled={!choice.date}
            onChange={(event) => update({ start: event.target.value || null })}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100"
          >
            <option value="">{choice.date ? "Choose a time" : "Pick a date first"}</option>
            {slots.map((slot) => (
              <option key={slot.start} value={slot.start} disabled={slot.disabled}>
                {timeInZone(slot.start, displayZone)}
                {slot.reason ? ` — ${slot.reason === "This time slot is booked" ? "booked" : "passed"}` : ""}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={durationId} className="block text-sm font-medium text-slate-800">
            Duration
          </label>
          <select
            id={durationId}
            value={choice.quantity}
            onChange={(event) => update({ quantity: Number(event.target.value) })}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          >
            {Array.from({ length: Math.max(0, range.max - range.min + 1) }, (_, index) => range.min + index).map((quantity) => (
              <option key={quantity} value={quantity}>
                {durationText(choice.unit, quantity)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="space-y-1">
        <label htmlFor={zoneId} className="block text-sm font-medium text-slate-800">
          Show times in
        </label>
        <select id={zoneId} value={displayZone} onChange={(event) => setDisplayZone(event.target.value)} className="w-full rounded-lg border border-slate-300 px-3 py-2">
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
              {zone === timeZone ? " (listing's time zone)" : zone === browserZone ? " (your time zone)" : ""}
            </option>
          ))}
        </select>
      </div>

      <WeekGrid
        grid={grid}
        timeZone={timeZone}
        displayZone={displayZone}
        selected={choice.start}
        canGoBack={weekStart > weekStartOf(today)}
        onPrevious={() => setWeekStart(shiftDate(weekStart, -7))}
        onNext={() => setWeekStart(shiftDate(weekStart, 7))}
        onPick={(date, start) => {
          update({ date, start });
        }}
      />
      {busyFailed && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the booked times; they are checked again when you continue.
        </p>
      )}

      <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm" aria-label="Booking summary">
        {choice.start && end && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">When</dt>
            <dd className="text-right text-slate-900">
              {formatInZone(choice.start, displayZone)} – {formatInZone(end, displayZone)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Rental ({durationText(choice.unit, choice.quantity)})</dt>
          <dd className="text-slate-900">{formatMinor(quote.rentalMinor, currency)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Service fee ({quote.feePercent}%)</dt>
          <dd className="text-slate-900">{formatMinor(quote.feeMinor, currency)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold">
          <dt className="text-slate-900">Total</dt>
          <dd className="text-slate-900" data-testid="booking-total">
            {formatMinor(quote.totalMinor, currency)}
          </dd>
        </div>
      </dl>

      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <button
        type="button"
        onClick={proceed}
        disabled={free}
        className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
      >
        {free ? "Contact for Pricing" : "Continue to Payment"}
      </button>
      {!signedIn && !free && <p className="text-center text-sm text-slate-600">You will be asked to sign in first; your choice is kept.</p>}
    </div>
  );
}

function total(quote: { totalMinor: number }) {
  return quote.totalMinor;
}

type GridProps = {
  grid: ReturnType<typeof weekGrid>;
  timeZone: string;
  displayZone: string;
  selected: string | null;
  canGoBack: boolean;
  onPrevious(): void;
  onNext(): void;
  onPick(date: string, start: string): void;
};

/** The weekly availability grid: hours 9–21 × 7 days in the listing's zone; past and booked hours disabled with a tooltip. */
function WeekGrid({ grid, timeZone, displayZone, selected, canGoBack, onPrevious, onNext, onPick }: GridProps) {
  const { days, rows } = grid;
  const dayLabel = (date: string) => formatInZone(`${date}T12:00:00Z`, "UTC", { hour: undefined, minute: undefined, month: undefined });
  const first = days[0];
  const last = days[days.length - 1];
  const range = `${formatInZone(`${first}T12:00:00Z`, "UTC", { weekday: undefined, hour: undefined, minute: undefined })} – ${formatInZone(`${last}T12:00:00Z`, "UTC", { weekday: undefined, hour: undefined, minute: undefined })}`;
  return (
    <section aria-label="Weekly availability" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <button type="button" onClick={onPrevious} disabled={!canGoBack} aria-label="Previous week" className="rounded-lg border border-slate-300 p-2 disabled:opacity-40">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {range}
        </p>
        <button type="button" onClick={onNext} aria-label="Next week" className="rounded-lg border border-slate-300 p-2">
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">Hours in {timeZone.replace(/_/g, " ")}; choose a free hour to start there</caption>
          <thead>
            <tr>
              <th scope="col" className="w-11">
                <span className="sr-only">Hour</span>
              </th>
              {days.map((date) => (
                <th key={date} scope="col" className="font-medium text-slate-700">
                  {dayLabel(date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0].hour}>
                <th scope="row" className="pr-1 text-right font-normal text-slate-600">
                  {timeInZone(row[0].start, displayZone)}
                </th>
                {row.map((cell) => {
                  const isSelected = cell.start === selected;
                  const label = `${formatInZone(cell.start, displayZone)}${cell.reason ? `: ${cell.reason}` : isSelected ? ": selected" : ": available"}`;
                  return (
                    <td key={cell.date}>
                      <button
                        type="button"
                        disabled={cell.disabled}
                        title={cell.reason ?? undefined}
                        aria-label={label}
                        aria-pressed={isSelected}
                        onClick={() => onPick(cell.date, cell.start)}
                        className={`block h-7 w-full rounded ${
                          isSelected
                            ? "bg-brand-600"
                            : cell.disabled
                              ? cell.reason === "This time slot is booked"
                                ? "cursor-not-allowed bg-red-200"
                                : "cursor-not-allowed bg-slate-200"
                              : "bg-emerald-100 hover:bg-emerald-300"
                        }`}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex flex-wrap gap-3 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-emerald-100" aria-hidden="true" /> Free
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-red-200" aria-hidden="true" /> Booked
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-slate-200" aria-hidden="true" /> Passed
        </span>
      </p>
    </section>
  );
}
