import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useState } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { Switch } from "~/ui/switch";
import type { CalendarAnswer } from "../host-calendar-view";
import { dayProblem, hourText, RULE_LIMITS, unitWords, WEEKDAYS, type HoursRange, type ScheduleColumns, type WeeklyHours } from "../schedule";
import { scheduleSettingsSchema, type ScheduleSettingsField } from "../schedule-form";
import { durationText, WEEKDAY_LABELS } from "../texts";
import { HoursRangesEditor, nextRange } from "./hours-ranges-editor";

/** The listing's saved hours and rules (its schedule columns, the week as `weekly`) and quantity. */
export type ScheduleSettingsValues = Omit<ScheduleColumns, "timezone" | "openingHours"> & { weekly: WeeklyHours; quantity: number };

export const SETTINGS_COPY = {
  title: translatable("Opening hours and booking rules"),
  hoursLegend: translatable("Weekly opening hours"),
  hoursHint: translatable("Guests can book inside these hours, in the listing's time zone. A day can have up to four openings."),
  open: translatable("Open"),
  closed: translatable("Closed"),
  checkIn: translatable("Check-in"),
  checkOut: translatable("Check-out"),
  noTime: translatable("No fixed time"),
  checkHint: translatable("For rentals by the day or longer: guests arrive at check-in and leave at check-out. Give both or neither."),
  bufferBefore: translatable("Free time before each booking"),
  bufferAfter: translatable("Free time after each booking"),
  notice: translatable("Minimum notice"),
  noticeHint: translatable("How long before a booking starts a guest must book it."),
  advance: translatable("How far ahead guests may book (days)"),
  advanceHint: translatable("365 days is 12 months."),
  save: translatable("Save hours and rules"),
  saving: translatable("Saving…"),
} as const;

const BUFFER_OPTIONS = Array.from({ length: 25 }, (_, hours) => hours * 60);
const NOTICE_OPTIONS = [0, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080, 20160, 43200, 129600];

const NONE = translatable("None");

const validate = (formData: FormData) => parseForm(scheduleSettingsSchema, formData);

/**
 * The listing's weekly hours and booking rules (issue #26 points 1, 3, 4): per weekday
 * open or closed with its openings, check-in and check-out for rentals by the day, the
 * buffers, the notice, how far ahead, and the quantity (units or seats). Posts
 * `intent=settings`; the server's refusal (e.g. a quantity below what bookings use) shows
 * beside its field.
 */
export function ScheduleSettingsForm({ settings, rentalType }: { settings: ScheduleSettingsValues; rentalType: string }) {
  const _ = useTranslate();
  const minutesText = (minutes: number) => (minutes === 0 ? _(NONE) : durationText(_, minutes));
  /** Durations in words, with the stored value kept when it is not among the options. */
  const minuteChoices = (options: number[], current: number): Choice[] =>
    (options.includes(current) ? options : [...options, current].sort((a, b) => a - b)).map((minutes) => ({ value: String(minutes), label: minutesText(minutes) }));
  const errorText = (text: string | undefined) => (text ? _(text) : undefined);
  const fetcher = useFetcher<CalendarAnswer>({ key: "calendar-settings" });
  const [weekly, setWeekly] = useState<WeeklyHours>(() => settings.weekly.map((day) => [...day]));
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "settings" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? (answer.fieldErrors as Partial<Record<ScheduleSettingsField, string>>) : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<ScheduleSettingsField>({ validate, serverErrors });
  const words = unitWords(rentalType);
  const pending = fetcher.state !== "idle";
  const firstBadDay = errors.weekly ? weekly.findIndex((day) => dayProblem(day) !== null) : -1;

  const setDay = (index: number, ranges: HoursRange[]) => {
    setWeekly((week) => week.map((day, i) => (i === index ? ranges : day)));
    clearError("weekly");
  };

  return (
    <section aria-labelledby="settings-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
        {_(SETTINGS_COPY.title)}
      </h2>
      <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-6" data-testid="schedule-settings-form">
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="weekly" value={JSON.stringify(weekly)} />
        <fieldset>
          <legend className="font-medium text-slate-900">{_(SETTINGS_COPY.hoursLegend)}</legend>
          <p className="mt-1 text-sm text-slate-600">{_(SETTINGS_COPY.hoursHint)}</p>
          {errors.weekly && (
            <p className="mt-2 text-sm text-red-700" id="weekly-error">
              {firstBadDay >= 0 ? `${_(WEEKDAY_LABELS[WEEKDAYS[firstBadDay]!])}: ${_(errors.weekly)}` : _(errors.weekly)}
            </p>
          )}
          <ul className="mt-3 divide-y divide-slate-100">
            {WEEKDAYS.map((weekday, index) => {
              const day = _(WEEKDAY_LABELS[weekday]);
              const ranges = weekly[index] ?? [];
              const open = ranges.length > 0;
              return (
                <li key={weekday} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4" data-testid={`weekday-${index}`}>
                  <div className="flex w-full items-center justify-between gap-3 sm:w-48 sm:shrink-0">
                    <span className="font-medium text-slate-800" id={`weekday-${index}-name`}>
                      {day}
                    </span>
                    <Switch
                      tone="soft"
                      size="sm"
                      checked={open}
                      aria-label={_(msg`${day}: open`)}
                      onCheckedChange={(next) => setDay(index, next ? [nextRange([])] : [])}
                    >
                      {open ? SETTINGS_COPY.open : SETTINGS_COPY.closed}
                    </Switch>
                  </div>
                  {open && <HoursRangesEditor label={day} idPrefix={`weekday-${index}`} ranges={ranges} onChange={(next) => setDay(index, next)} invalid={index === firstBadDay} />}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={_(SETTINGS_COPY.checkIn)} hint={_(SETTINGS_COPY.checkHint)} error={errorText(errors.checkInTime)}>
            <ChoiceSelect name="checkInTime" value={settings.checkInTime ?? ""} choices={timeChoices(23, _(SETTINGS_COPY.noTime))} onChange={clearError} />
          </Field>
          <Field label={_(SETTINGS_COPY.checkOut)} error={errorText(errors.checkOutTime)}>
            <ChoiceSelect name="checkOutTime" value={settings.checkOutTime ?? ""} choices={timeChoices(24, _(SETTINGS_COPY.noTime))} onChange={clearError} />
          </Field>
          <Field label={_(SETTINGS_COPY.bufferBefore)} error={errorText(errors.bufferBeforeMinutes)}>
            <ChoiceSelect name="bufferBeforeMinutes" value={String(settings.bufferBeforeMinutes)} choices={minuteChoices(BUFFER_OPTIONS, settings.bufferBeforeMinutes)} onChange={clearError} />
          </Field>
          <Field label={_(SETTINGS_COPY.bufferAfter)} error={errorText(errors.bufferAfterMinutes)}>
            <ChoiceSelect name="bufferAfterMinutes" value={String(settings.bufferAfterMinutes)} choices={minuteChoices(BUFFER_OPTIONS, settings.bufferAfterMinutes)} onChange={clearError} />
          </Field>
          <Field label={_(SETTINGS_COPY.notice)} hint={_(SETTINGS_COPY.noticeHint)} error={errorText(errors.minNoticeMinutes)}>
            <ChoiceSelect name="minNoticeMinutes" value={String(settings.minNoticeMinutes)} choices={minuteChoices(NOTICE_OPTIONS, settings.minNoticeMinutes)} onChange={clearError} />
          </Field>
          <Field label={_(SETTINGS_COPY.advance)} hint={_(SETTINGS_COPY.advanceHint)} error={errorText(errors.maxAdvanceDays)}>
            <WholeInput name="maxAdvanceDays" value={settings.maxAdvanceDays} limits={RULE_LIMITS.advance} onChange={clearError} />
          </Field>
          <Field
            label={words.many === "seats" ? _(msg`Seats available at one time`) : _(msg`Units available at one time`)}
            hint={rentalType === "experience" ? _(msg`Guests can book seats of a session until they are all taken.`) : _(msg`Identical units guests can rent at the same time.`)}
            error={errorText(errors.quantity)}
          >
            <WholeInput name="quantity" value={settings.quantity} limits={RULE_LIMITS.quantity} onChange={clearError} />
          </Field>
        </div>
        {answer && !answer.ok && answer.error && <Alert tone="error">{_(answer.error)}</Alert>}
        {answer?.ok && <Alert tone="success">{_(answer.message)}</Alert>}
        <Button type="submit" size="md" pending={pending} pendingText={_(SETTINGS_COPY.saving)}>
          {_(SETTINGS_COPY.save)}
        </Button>
      </fetcher.Form>
    </section>
  );
}

type Choice = { value: string; label: string };

/** "No fixed time", then the hours 00:00 to `last`:00. */
const timeChoices = (last: number, noTime: string): Choice[] => [
  { value: "", label: noTime },
  ...Array.from({ length: last + 1 }, (_, hour) => ({ value: hourText(hour), label: hourText(hour) })),
];


/** A whole number of the form within its limits, its field's error cleared on change. */
function WholeInput({ name, value, limits, onChange }: { name: ScheduleSettingsField; value: number; limits: { min: number; max: number }; onChange: (name: ScheduleSettingsField) => void }) {
  return <Input name={name} type="number" inputMode="numeric" min={limits.min} max={limits.max} defaultValue={value} onChange={() => onChange(name)} />;
}

/** A select of the form, its field's error cleared on change. */
function ChoiceSelect({ name, value, choices, onChange }: { name: ScheduleSettingsField; value: string; choices: Choice[]; onChange: (name: ScheduleSettingsField) => void }) {
  return (
    <Select name={name} defaultValue={value} onChange={() => onChange(name)}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}
