import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useState, type Ref } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import type { CalendarAnswer } from "../host-calendar-view";
import type { HoursRange } from "../schedule";
import { datedHoursSchema } from "../schedule-form";
import { HoursRangesEditor, nextRange } from "./hours-ranges-editor";

export type DatedMode = "closed" | "open" | "usual";

/** What the form starts with: a date picked on the calendar or in the list, or today. */
export type DatedPreset = { date: string; mode: DatedMode; ranges: HoursRange[]; note: string };

export const DATED_COPY = {
  title: translatable("Hours on one date"),
  hint: translatable("Close a date, or open different or extra hours on it, for this date only. The note is private."),
  date: translatable("Date"),
  modeLegend: translatable("On this date"),
  closed: translatable("Closed all day"),
  open: translatable("Open these hours"),
  usual: translatable("The weekday's usual hours"),
  note: translatable("Private note (optional)"),
  save: translatable("Save the date's hours"),
  saving: translatable("Saving…"),
} as const;

type DatedField = "date" | "hours" | "note";

const validate = (formData: FormData) => parseForm(datedHoursSchema, formData);

/**
 * A date's own hours (issue #26 point 2): closed, open these hours, or back to the
 * weekday's, with a private note. Posts `intent=dated` (`hours` is the ranges as JSON,
 * "[]" closes the date, none goes back to the usual hours).
 */
export function DatedHoursForm({ preset, dateRef }: { preset: DatedPreset; dateRef?: Ref<HTMLInputElement> }) {
  const _ = useTranslate();
  const fetcher = useFetcher<CalendarAnswer>({ key: "calendar-dated" });
  const [mode, setMode] = useState<DatedMode>(preset.mode);
  const [ranges, setRanges] = useState<HoursRange[]>(preset.ranges.length > 0 ? preset.ranges : [nextRange([])]);
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "dated" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? (answer.fieldErrors as Partial<Record<DatedField, string>>) : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<DatedField>({ validate, serverErrors });
  const hours = mode === "closed" ? "[]" : mode === "open" ? JSON.stringify(ranges) : null;
  return (
    <section aria-labelledby="dated-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" id="dated-hours">
      <h2 id="dated-title" className="text-lg font-semibold text-slate-900">
        {_(DATED_COPY.title)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{_(DATED_COPY.hint)}</p>
      <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4" data-testid="dated-hours-form">
        <input type="hidden" name="intent" value="dated" />
        {hours !== null && <input type="hidden" name="hours" value={hours} />}
        <Field label={_(DATED_COPY.date)} error={errors.date ? _(errors.date) : undefined} className="max-w-xs">
          <Input ref={dateRef} name="date" type="date" defaultValue={preset.date} required onChange={() => clearError("date")} />
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{_(DATED_COPY.modeLegend)}</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(["closed", "open", "usual"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="datedMode"
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    clearError("hours");
                  }}
                  className="size-4 border-slate-300 text-brand-600 focus:ring-brand-600"
                />
                {_(DATED_COPY[value])}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === "open" && (
          <HoursRangesEditor
            label={_(msg`the date`)}
            idPrefix="dated"
            ranges={ranges}
            invalid={Boolean(errors.hours)}
            onChange={(next) => {
              setRanges(next);
              clearError("hours");
            }}
          />
        )}
        {errors.hours && <p className="text-sm text-red-700">{_(errors.hours)}</p>}
        <Field label={_(DATED_COPY.note)} error={errors.note ? _(errors.note) : undefined}>
          <Textarea name="note" rows={2} maxLength={500} defaultValue={preset.note} onChange={() => clearError("note")} />
        </Field>
        {answer && !answer.ok && answer.error && <Alert tone="error">{_(answer.error)}</Alert>}
        {answer?.ok && <Alert tone="success">{_(answer.message)}</Alert>}
        <Button type="submit" size="md" pending={fetcher.state !== "idle"} pendingText={_(DATED_COPY.saving)}>
          {_(DATED_COPY.save)}
        </Button>
      </fetcher.Form>
    </section>
  );
}
