import { msg } from "@lingui/core/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useMemo, useState, useSyncExternalStore, type CSSProperties } from "react";
import { useSearchParams } from "react-router";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { formatMinor } from "~/lib/money";
import { ApproxPrice } from "~/lib/display-currency";
import { useHydrated } from "~/ui/use-hydrated";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Field } from "~/ui/field";
import { Select, Textarea } from "~/ui/input";
import {
  busyWindow,
  choiceProblem,
  clampQuantity,
  formatInZone,
  quoteChoice,
  rangeInZone,
  shiftDate,
  SLOT_BOOKED,
  slotNote,
  slotOptions,
  timeInZone,
  timeZoneChoices,
  UNIT_NAMES,
  weekGrid,
  weekStartOf,
  unitsFree,
  keptChoice,
  type Availability,
  type Choice,
  type UnitPrice,
} from "../booking-widget-rules";
import { durationRange, type PricingUnit } from "../pricing";
import { todayIn, weekDays } from "../slots";
import { scheduledEnd, type Schedule } from "~/features/availability/schedule";
import { basisPointsText, chosenExtras, type ListingRequirements, type RequirementField } from "../requirements";

import { PaymentStep, type PaymentIntentRequest, type PaymentSummary, type ReadyIntent } from "./payment-step";
import { EMPTY_REQUIREMENTS, requirementPayload, RequirementsStep, type RequirementValues } from "./requirements-step";
import { useBusyRanges } from "./use-busy-ranges";
import { REQUEST_MESSAGE_MAX, REQUEST_TEXT, requestMessageProblem } from "../request-rules";
import type { BookingMode } from "~/db/listing-enums";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { depositMessage, durationMessage, unitsLabel, unitsMessage } from "../booking-texts";

export type BookingWidgetData = {
  timeZone: string;
  currency: string;
  units: UnitPrice[];
  feePercent: number;
  minRentalDuration: number;
  maxRentalDuration: number | null;
  /** The listing's hours and rules (issue #26); dated hours arrive with the busy ranges. */
  schedule: Schedule;
  /** Units or seats rented at one time (1 for a space), and what one is called. */
  capacity: number;
  unitWords: { one: string; many: string };
  /** What checkout asks of the guest (issue #28 point 3, ADR 0279); null or absent: nothing. */
  requirements?: ListingRequirements | null;
  /** The platform's Protection rate in basis points (ADR 0286), when the listing requires insurance. */
  protectionBasisPoints?: number | null;
  /** "request": a request to book, with a message; the card is authorised, charged if the host accepts (ADR 0280). */
  bookingMode?: BookingMode;
  /** The listing's security deposit in minor units (issue #28 point 2): shown apart from the total, held not charged; null: none. */
  deposit?: number | null;
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
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
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
  const _ = useTranslate();
  const locale = useLocale();
  const { timeZone, currency, units, feePercent } = widget;
  const today = todayIn(timeZone, now);
  // A search result's link may carry the guest's choice (issue #27): the widget opens with it.
  const [searchParams] = useSearchParams();
  const [kept] = useState(() => keptChoice(searchParams, widget));
  const [chosen, setChoice] = useState<Choice>(() => kept?.choice ?? {
    unit: units[0]?.unit ?? "hour",
    date: null,
    start: null,
    quantity: durationRange(units[0]?.unit ?? "hour", widget).min,
  });
  const [displayZone, setDisplayZone] = useState(timeZone);
  const browserZone = useSyncExternalStore(noSubscription, browserTimeZone, () => null);
  const hydrated = useHydrated();
  const [weekStart, setWeekStart] = useState(() => weekStartOf(kept?.choice.date ?? today));
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The payment step's request, fixed when the guest continues (later busy updates, including the guest's own hold, do not change it).
  const [checkout, setCheckout] = useState<{ request: PaymentIntentRequest; summary: PaymentSummary } | null>(null);
  // The listing's requirements (ADR 0279): asked before the payment step; kept while the guest goes back and forth.
  const needs = widget.requirements ?? null;
  const [answers, setAnswers] = useState<RequirementValues>(EMPTY_REQUIREMENTS);
  const [asking, setAsking] = useState<{ errors: Partial<Record<RequirementField, string>> | null } | null>(null);
  // The last payment intent, kept when the guest goes back: continuing with the same choice reuses it (and its hold).
  const [held, setHeld] = useState<{ key: string; intent: ReadyIntent; row: { start: string; end: string } } | null>(null);

  const window = useMemo(() => busyWindow(weekStart), [weekStart]);
  const { busy: allBusy, dated, failed: busyFailed, loaded: busyLoaded, reload: reloadBusy } = useBusyRanges(spaceId, window);
  const [seats, setSeats] = useState(kept?.seats ?? 1);
  // A request to book's message to the host (ADR 0280).
  const asRequest = widget.bookingMode === "request";
  const [message, setMessage] = useState("");
  const [messageError, setMessageError] = useState<string | null>(null);
  // Until the booked hours are known the grid waits (a failed fetch shows it, with a warning).
  const gridWaiting = !busyLoaded && !busyFailed;
  // The guest's own hold is not someone else's booking.
  // (Its row covers the booking and the listing's buffers: the hold remembers the booking's time.)
  const busy = held ? allBusy.filter((range) => !sameRange(range, held.row)) : allBusy;
  const schedule = useMemo(() => ({ ...widget.schedule, dated }), [widget.schedule, dated]);
  const availability: Availability = { schedule, capacity: widget.capacity, busy };

  // A start someone else just booked is no longer chosen (one that passed stays, and is refused on continue).
  const chosenTaken = chosen.date && chosen.start ? slotOptions(chosen.date, availability, chosen.unit, chosen.quantity, seats, now).find((slot) => slot.start === chosen.start)?.reason === SLOT_BOOKED : false;
  const choice = chosenTaken ? { ...chosen, start: null } : chosen;
  const range = durationRange(choice.unit, widget);
  const quote = quoteChoice(units, { ...choice, units: seats }, feePercent, currency);
  const slots = choice.date ? slotOptions(choice.date, availability, choice.unit, choice.quantity, seats, now, _) : [];
  const grid = gridWaiting ? null : weekGrid(weekStart, availability, now, { unit: choice.unit, quantity: choice.quantity, units: seats }, _);
  const end = choice.start ? scheduledEnd(schedule, new Date(choice.start), choice.unit, choice.quantity).toISOString() : null;
  // Seats or units still free for the chosen time (all of them before a time is chosen).
  const seatsFree = choice.start && end ? unitsFree(availability, { start: choice.start, end }) : widget.capacity;
  const free = total(quote) === 0;


  const update = (next: Partial<Choice>) => {
    setProblem(null);
    setChoice(() => {
      const merged = { ...choice, ...next };
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
    if (!choice.start || !end) return;
    let said: string | undefined;
    if (asRequest) {
      const checked = requestMessageProblem(message);
      setMessageError(checked.ok ? null : checked.error);
      if (!checked.ok) return;
      said = checked.text;
    }
    if (needs) setAsking({ errors: null });
    setCheckout({
      request: { spaceId, startTime: choice.start, endTime: end, duration: choice.quantity, pricingUnit: choice.unit, amount: quote.totalMinor, currency, ...(widget.capacity > 1 ? { units: seats } : {}), ...(said ? { message: said } : {}) },
      summary: {
        when: rangeInZone(choice.start, end, displayZone, locale),
        zone: displayZone,
        duration: _(durationMessage(choice.unit, choice.quantity)) + (widget.capacity > 1 ? ` × ${_(unitsMessage(seats, widget.unitWords))}` : ""),
        rental: quote.rentalMinor,
        fee: quote.feeMinor,
        feePercent: quote.feePercent,
        total: quote.totalMinor,
        currency,
        deposit: widget.deposit ?? null,
      },
    });
  };

  // The guest's protection and delivery (ADR 0286, 0287), priced by the server's quoteBooking.
  const extrasFor = (values: RequirementValues) => chosenExtras(needs, values, widget.protectionBasisPoints ?? null);
  const pricedWith = (values: RequirementValues) => (checkout ? quoteChoice(units, { unit: checkout.request.pricingUnit as PricingUnit, quantity: checkout.request.duration, units: checkout.request.units ?? 1 }, feePercent, currency, extrasFor(values)) : null);

  if (checkout && needs && asking) {
    const withProtection = pricedWith({ ...answers, insurance: "protection" });
    return (
      <RequirementsStep
        needs={needs}
        protection={
          needs.insurance && widget.protectionBasisPoints != null && withProtection
            ? { percentText: basisPointsText(widget.protectionBasisPoints, locale), amountText: formatMinor(withProtection.protectionMinor, currency, locale) }
            : null
        }
        deliveryFeeText={needs.fulfilment?.delivery ? formatMinor(needs.fulfilment.delivery.feeMinor, currency, locale) : undefined}
        when={`${checkout.summary.when} (${checkout.summary.zone.replace(/_/g, " ")})`}
        booking={{ start: checkout.request.startTime, end: checkout.request.endTime, timeZone, now }}
        values={answers}
        errors={asking.errors}
        onContinue={(values) => {
          setAnswers(values);
          setAsking(null);
        }}
        onBack={() => {
          setAsking(null);
          setCheckout(null);
        }}
      />
    );
  }

  if (checkout) {
    const priced = needs ? pricedWith(answers) : null;
    const request = needs && priced ? { ...checkout.request, ...requirementPayload(needs, answers), amount: priced.totalMinor } : checkout.request;
    const summary =
      priced && priced.protectionBasisPoints !== null
        ? { ...checkout.summary, protection: { percentText: basisPointsText(priced.protectionBasisPoints, locale), amount: priced.protectionMinor }, delivery: priced.deliveryMinor, total: priced.totalMinor }
        : priced
          ? { ...checkout.summary, delivery: priced.deliveryMinor, total: priced.totalMinor }
          : checkout.summary;
    const key = JSON.stringify(request);
    return (
      <PaymentStep
        request={request}
        summary={summary}
        existing={held?.key === key ? held.intent : null}
        onReady={(intent) => setHeld({ key, intent, row: occupiedRow(intent, widget.schedule.rules) })}
        // The server refused an answer to a requirement: back to those fields, with its messages.
        onRequirementsRefused={needs ? (errors) => setAsking({ errors }) : undefined}
        onBack={() => {
          setCheckout(null);
          reloadBusy();
        }}
      />
    );
  }

  if (units.length === 0) {
    // 'Price on request': nothing to choose, and nothing to pay (docs/product.md "Booking flow").
    return (
      <Button block disabled className="mt-4">
        {_(msg`Contact for Pricing`)}
      </Button>
    );
  }

  const zones = timeZoneChoices(timeZone, browserZone);

  return (
    // Until the page has hydrated the controls cannot act, so they are disabled rather than silently ignoring a press.
    <fieldset className="mt-4 min-w-0 space-y-4" data-testid="booking-widget" disabled={!hydrated} aria-busy={!hydrated || undefined}>
      <legend className="sr-only">{_(msg`Book this listing`)}</legend>
      <Field label={_(msg`Pricing option`)}>
        <Select value={choice.unit} onChange={(event) => update({ unit: event.target.value as PricingUnit })}>
          {units.map((entry) => (
            <option key={entry.unit} value={entry.unit}>
              {_(UNIT_NAMES[entry.unit].label)} — {formatMinor(entry.priceMinor, currency, locale)}/{_(UNIT_NAMES[entry.unit].one)}
            </option>
          ))}
        </Select>
      </Field>

      <div className="space-y-1">
        <span className="block text-sm font-medium text-slate-800" id={`${id}-date-label`}>
          {_(msg`Date`)}
        </span>
        <Button
          variant="secondary"
          size="md"
          block
          aria-expanded={calendarOpen}
          id={`${id}-date`}
          aria-controls={`${id}-calendar`}
          aria-labelledby={`${id}-date-label ${id}-date`}
          onClick={() => setCalendarOpen((open) => !open)}
          className="justify-start font-normal"
        >
          {choice.date ? formatInZone(`${choice.date}T12:00:00Z`, "UTC", { hour: undefined, minute: undefined, year: "numeric" }, locale) : _(msg`Choose a date`)}
        </Button>
        {calendarOpen && (
          <div id={`${id}-calendar`} className="rounded-lg border border-slate-200 p-2">
            <DayPicker
              // The library's stylesheet is unlayered, so its variables are set inline to win over it.
              style={DAY_PICKER_LOOK}
              weekStartsOn={1}
              mode="single"
              today={calendarDate(today)}
              selected={choice.date ? calendarDate(choice.date) : undefined}
              defaultMonth={calendarDate(choice.date ?? today)}
              startMonth={calendarDate(today)}
              disabled={{ before: calendarDate(today) }}
              // In another language the calendar's month, weekdays and labels come from Intl (English keeps the library's own).
              {...(locale === "en" ? {} : dayPickerTexts(locale, _))}
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
        <Field label={_(msg`Start time`)}>
          <Select value={choice.start ?? ""} disabled={!choice.date} onChange={(event) => update({ start: event.target.value || null })}>
            <option value="">{choice.date ? _(msg`Choose a time`) : _(msg`Pick a date first`)}</option>
            {slots.map((slot) => (
              <option key={slot.start} value={slot.start} disabled={slot.disabled}>
                {timeInZone(slot.start, displayZone, locale)}
                {slot.reason ? ` — ${_(slotNote(slot.reason))}` : ""}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={_(msg`Duration`)}>
          <Select value={choice.quantity} onChange={(event) => update({ quantity: Number(event.target.value) })}>
            {Array.from({ length: Math.max(0, range.max - range.min + 1) }, (_, index) => range.min + index).map((quantity) => (
              <option key={quantity} value={quantity}>
                {_(durationMessage(choice.unit, quantity))}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {widget.capacity > 1 && (
        <Field
          label={_(unitsLabel(widget.unitWords))}
          hint={choice.start ? _(msg`${_(unitsMessage(seatsFree, widget.unitWords))} free at this time`) : _(msg`Up to ${_(unitsMessage(widget.capacity, widget.unitWords))}`)}
        >
          <Select value={seats} onChange={(event) => setSeats(Number(event.target.value))}>
            {Array.from({ length: widget.capacity }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count} disabled={choice.start !== null && count > seatsFree}>
                {_(unitsMessage(count, widget.unitWords))}
              </option>
            ))}
          </Select>
        </Field>
      )}

      <Field label={_(msg`Show times in`)}>
        <Select value={displayZone} onChange={(event) => setDisplayZone(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
              {zone === timeZone ? ` ${_(msg`(listing's time zone)`)}` : zone === browserZone ? ` ${_(msg`(your time zone)`)}` : ""}
            </option>
          ))}
        </Select>
      </Field>

      <WeekGrid
        grid={grid}
        weekStart={weekStart}
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
        <Alert tone="error" className="text-sm">
          {_(msg`Could not load the booked times; they are checked again when you continue.`)}
        </Alert>
      )}

      <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm" aria-label={_(msg`Booking summary`)}>
        {choice.start && end && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{_(msg`When`)}</dt>
            <dd className="text-end text-slate-900">
              {rangeInZone(choice.start, end, displayZone, locale)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">
            {_(msg`Rental (${_(durationMessage(choice.unit, choice.quantity)) + (widget.capacity > 1 ? ` × ${_(unitsMessage(seats, widget.unitWords))}` : "")})`)}
          </dt>
          <dd className="text-slate-900">{formatMinor(quote.rentalMinor, currency, locale)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{_(msg`Service fee (${quote.feePercent}%)`)}</dt>
          <dd className="text-slate-900">{formatMinor(quote.feeMinor, currency, locale)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold">
          <dt className="text-slate-900">{_(msg`Total`)}</dt>
          <dd className="text-slate-900" data-testid="booking-total">
            {formatMinor(quote.totalMinor, currency, locale)}
          </dd>
        </div>
        {/* The guest's display currency (issue #31 point 4): an estimate of the total. */}
        <ApproxPrice minor={quote.totalMinor} currency={currency} className="block text-end text-slate-600" />
        {widget.deposit ? (
          <p className="pt-1 text-slate-700" data-testid="booking-deposit">
            {_(depositMessage(widget.deposit, currency, locale))}
          </p>
        ) : null}
      </dl>

      {problem && (
        <Alert tone="error" className="text-sm font-medium">
          {_(problem)}
        </Alert>
      )}
      {asRequest && !free && (
        <Field
          label={_(msg`Message to the host`)}
          required
          error={messageError ? _(messageError) : null}
          hint={_(msg`Introduce yourself and say what you need it for (at most ${REQUEST_MESSAGE_MAX} characters).`)}
        >
          <Textarea
            rows={3}
            maxLength={REQUEST_MESSAGE_MAX}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setMessageError(null);
            }}
          />
        </Field>
      )}
      <Button block onClick={proceed} disabled={free}>
        {free ? _(msg`Contact for Pricing`) : asRequest ? _(REQUEST_TEXT.button) : _(msg`Continue to Payment`)}
      </Button>
      {asRequest && !free && (
        <p className="text-center text-sm text-slate-600" data-testid="request-note">
          {_(REQUEST_TEXT.widgetNote)}
        </p>
      )}
      {!signedIn && !free && <p className="text-center text-sm text-slate-600">{_(msg`You will be asked to sign in first; your choice is kept.`)}</p>}
    </fieldset>
  );
}

/** The calendar row a hold of the guest's own takes: its time and the listing's buffers. */
function occupiedRow(intent: ReadyIntent, rules: Schedule["rules"]) {
  return {
    start: new Date(Date.parse(intent.startTime) - rules.bufferBeforeMinutes * 60_000).toISOString(),
    end: new Date(Date.parse(intent.endTime) + rules.bufferAfterMinutes * 60_000).toISOString(),
  };
}

function sameRange(a: { start: string; end: string }, b: { start: string; end: string }) {
  return Date.parse(a.start) === Date.parse(b.start) && Date.parse(a.end) === Date.parse(b.end);
}

const DAY_PICKER_LOOK = {
  "--rdp-accent-color": "var(--color-brand-700)",
  "--rdp-accent-background-color": "var(--color-brand-50)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

/** The date picker's texts in a language other than English, from Intl and the catalog (no date-fns locale in the bundle). */
function dayPickerTexts(locale: string, _: ReturnType<typeof useTranslate>) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "full" });
  return {
    dir: locale === "ar" ? "rtl" : "ltr",
    formatters: {
      formatCaption: (month: Date) => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(month),
      formatWeekdayName: (weekday: Date) => new Intl.DateTimeFormat(locale, { weekday: "short" }).format(weekday),
    },
    labels: {
      labelNext: () => _(msg`Go to the Next Month`),
      labelPrevious: () => _(msg`Go to the Previous Month`),
      labelDayButton: (date: Date, modifiers: { today?: boolean; selected?: boolean }) => {
        const label = day.format(date);
        const today = modifiers.today ? _(msg`Today, ${label}`) : label;
        return modifiers.selected ? _(msg`${today}, selected`) : today;
      },
    },
  };
}

const noSubscription = () => () => {};
function browserTimeZone(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
}

function total(quote: { totalMinor: number }) {
  return quote.totalMinor;
}

type GridProps = {
  /** Null while the booked hours are not known yet. */
  grid: ReturnType<typeof weekGrid> | null;
  weekStart: string;
  timeZone: string;
  displayZone: string;
  selected: string | null;
  canGoBack: boolean;
  onPrevious(): void;
  onNext(): void;
  onPick(date: string, start: string): void;
};

/** The weekly availability grid: hours 9–21 × 7 days in the listing's zone; past and booked hours disabled with a tooltip. */
function WeekGrid({ grid, weekStart, timeZone, displayZone, selected, canGoBack, onPrevious, onNext, onPick }: GridProps) {
  const _ = useTranslate();
  const locale = useLocale();
  const days = grid?.days ?? weekDays(weekStart);
  // Weekday over date, on two lines in every column ("Fri 22" alone used to fit on one).
  const dayPart = (date: string, part: "weekday" | "day") =>
    formatInZone(`${date}T12:00:00Z`, "UTC", { hour: undefined, minute: undefined, month: undefined, ...(part === "weekday" ? { day: undefined } : { weekday: undefined }) }, locale);
  const first = days[0] ?? "";
  const last = days[days.length - 1] ?? first;
  const range = `${formatInZone(`${first}T12:00:00Z`, "UTC", { weekday: undefined, hour: undefined, minute: undefined }, locale)} – ${formatInZone(`${last}T12:00:00Z`, "UTC", { weekday: undefined, hour: undefined, minute: undefined }, locale)}`;
  return (
    <section aria-label={_(msg`Weekly availability`)} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Button variant="secondary" size="icon" onClick={onPrevious} disabled={!canGoBack} aria-label={_(msg`Previous week`)}>
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="week-range">
          {range}
        </p>
        <Button variant="secondary" size="icon" onClick={onNext} aria-label={_(msg`Next week`)}>
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
      {grid === null ? (
        // The table's height, so nothing below it moves when the hours arrive.
        <div role="status" className="flex h-[24.875rem] items-center justify-center rounded bg-slate-50 text-sm text-slate-600" data-testid="week-grid-loading">
          {_(msg`Loading availability…`)}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
            <caption className="sr-only">{_(msg`Hours in ${timeZone.replace(/_/g, " ")}; choose a free hour to start there`)}</caption>
            <thead>
              <tr>
                <th scope="col" className="w-11">
                  <span className="sr-only">{_(msg`Hour`)}</span>
                </th>
                {days.map((date) => (
                  <th key={date} scope="col" className="font-medium text-slate-700">
                    <span className="block">{dayPart(date, "weekday")}</span> <span className="block">{dayPart(date, "day")}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row[0]?.hour}>
                  <th scope="row" className="pe-1 text-end font-normal text-slate-600">
                    {row[0] ? timeInZone(row[0].start, displayZone, locale) : null}
                  </th>
                  {row.map((cell) => {
                    const isSelected = cell.start === selected;
                    const label = `${formatInZone(cell.start, displayZone, {}, locale)}: ${cell.reason ? _(cell.reason) : isSelected ? _(msg`selected`) : _(msg`available`)}`;
                    return (
                      <td key={cell.date}>
                        <button
                          type="button"
                          disabled={cell.disabled}
                          title={cell.reason ? _(cell.reason) : undefined}
                          aria-label={label}
                          aria-pressed={isSelected}
                          onClick={() => onPick(cell.date, cell.start)}
                          className={cn(
                            "block h-7 w-full rounded focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
                            isSelected
                              ? "bg-brand-600"
                              : cell.disabled
                                ? cell.reason === SLOT_BOOKED
                                  ? "cursor-not-allowed bg-red-200"
                                  : "cursor-not-allowed bg-slate-200"
                                : "bg-emerald-100 hover:bg-emerald-300",
                          )}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="flex flex-wrap gap-3 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-emerald-100" aria-hidden="true" /> {_(msg`Free`)}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-red-200" aria-hidden="true" /> {_(msg`Booked`)}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-3 w-3 rounded bg-slate-200" aria-hidden="true" /> {_(msg`Passed`)}
        </span>
      </p>
    </section>
  );
}
