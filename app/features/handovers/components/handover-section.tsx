import { useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import {
  FUEL_LEVELS,
  HANDOVER_ARRAY_FIELDS,
  HANDOVER_CONDITION_MAX,
  HANDOVER_NOTE_MAX,
  HANDOVER_TEXT,
  handoverSchema,
  handoverTime,
  fuelText,
  type HandoverActionData,
  type HandoverField,
  type HandoverMoment,
} from "../handover-rules";
import type { HandoverRecordView } from "../handovers.server";
import { HandoverPhotoPicker } from "./handover-photo-picker";
import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { intlLocale } from "~/lib/locales";

const validateHandover = (formData: FormData) => parseForm(handoverSchema, formData, { arrayFields: HANDOVER_ARRAY_FIELDS });

/**
 * "Check-in" or "Check-out" on the booking page (docs/product.md#handover): both parties'
 * records for the moment, and the viewer's form while their record is still to add and
 * the moment's window is open.
 */
export function HandoverSection({
  moment,
  records,
  form,
  timeZone,
  answer,
}: {
  moment: HandoverMoment;
  records: HandoverRecordView[];
  form: { open: boolean; reason: string | null };
  timeZone: string;
  /** The action's answer to this section's form. */
  answer?: HandoverActionData;
}) {
  const _ = useTranslate();
  const text = HANDOVER_TEXT.moment[moment];
  const headingId = `handover-${moment}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={`handover-${moment}`}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {_(text.title)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{_(text.intro)}</p>
      {answer?.ok && (
        <Alert tone="success" className="mt-3">
          {_(text.saved)}
        </Alert>
      )}
      {records.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{_(HANDOVER_TEXT.none)}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {records.map((record) => (
            <HandoverRecordCard key={record.id} record={record} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {form.open ? (
        <HandoverForm moment={moment} answer={answer && !answer.ok ? answer : undefined} />
      ) : (
        form.reason && <p className="mt-3 text-sm text-slate-600">{_(form.reason)}</p>
      )}
    </section>
  );
}

function HandoverRecordCard({ record, timeZone }: { record: HandoverRecordView; timeZone: string }) {
  const _ = useTranslate();
  const locale = useLocale();
  const role = _(record.authorRole === "guest" ? HANDOVER_TEXT.byGuest : HANDOVER_TEXT.byHost);
  const who = record.mine ? _(HANDOVER_TEXT.byYou) : (record.authorName ?? _(record.authorRole === "guest" ? HANDOVER_TEXT.theGuest : HANDOVER_TEXT.theHost));
  const title = _(HANDOVER_TEXT.moment[record.moment].title).toLowerCase();
  const fuel = fuelText(record.fuelEighths);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="handover-record">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-words text-slate-900">{who}</p>
        <Badge tone={record.authorRole === "guest" ? "brand" : "neutral"}>{role}</Badge>
      </div>
      <p className="text-sm text-slate-600">
        <time dateTime={record.createdAt}>{handoverTime(record.createdAt, timeZone, locale)}</time>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {record.odometerKm !== null && (
          <>
            <dt className="text-slate-600">{_(HANDOVER_TEXT.odometer)}</dt>
            <dd className="text-slate-900 tabular-nums">{record.odometerKm.toLocaleString(intlLocale(locale))}</dd>
          </>
        )}
        {fuel && (
          <>
            <dt className="text-slate-600">{_(HANDOVER_TEXT.fuel)}</dt>
            <dd className="text-slate-900">{_(fuel)}</dd>
          </>
        )}
        {record.condition && (
          <>
            <dt className="text-slate-600">{_(HANDOVER_TEXT.condition)}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{record.condition}</dd>
          </>
        )}
        {record.note && (
          <>
            <dt className="text-slate-600">{_(HANDOVER_TEXT.note)}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{record.note}</dd>
          </>
        )}
      </dl>
      {record.photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={_(msg`Photos of ${who}'s ${title}`)}>
          {record.photos.map((photo, index) => (
            <li key={photo.url}>
              {/* The thumbnail opens the full-size photo (1600 px at most) in a new tab. */}
              <a
                href={photo.url}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                <img src={photo.cardUrl} alt={_(msg`Photo ${index + 1} of ${record.photos.length}, open full size`)} loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function HandoverForm({ moment, answer }: { moment: HandoverMoment; answer?: Extract<HandoverActionData, { ok: false }> }) {
  const _ = useTranslate();
  const locale = useLocale();
  const tr = (text: string | undefined) => (text ? _(text) : text);
  const text = HANDOVER_TEXT.moment[moment];
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("moment") === moment;
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const { formRef, errors, onSubmit, clearError } = useFormErrors<HandoverField>({
    validate: validateHandover,
    serverErrors: answer?.fieldErrors ?? undefined,
  });
  const label = _(text.title).toLowerCase();
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-label={_(text.title)}>
      <input type="hidden" name="moment" value={moment} />
      {answer?.error && <Alert tone="error">{_(answer.error)}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={_(HANDOVER_TEXT.odometer)} error={tr(errors.odometer)} hint={_(msg`Optional, whole km.`)}>
          <Input name="odometer" inputMode="numeric" autoComplete="off" maxLength={12} onChange={() => clearError("odometer")} />
        </Field>
        <Field label={_(HANDOVER_TEXT.fuel)} error={tr(errors.fuel)} hint={_(msg`Optional.`)}>
          <Select name="fuel" defaultValue="" onChange={() => clearError("fuel")}>
            <option value="">{_(HANDOVER_TEXT.fuelNone)}</option>
            {FUEL_LEVELS.map((level, eighths) => (
              <option key={level} value={String(eighths)}>
                {_(level)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={_(HANDOVER_TEXT.condition)} error={tr(errors.condition)} hint={_(msg`Scratches, dents, dirt, missing parts. Optional.`)}>
        <Textarea name="condition" rows={3} maxLength={HANDOVER_CONDITION_MAX} onChange={() => clearError("condition")} />
      </Field>
      <Field label={_(HANDOVER_TEXT.note)} error={tr(errors.note)} hint={_(msg`A photo or a note is needed; up to ${HANDOVER_NOTE_MAX.toLocaleString(intlLocale(locale))} characters.`)}>
        <Textarea name="note" rows={4} maxLength={HANDOVER_NOTE_MAX} onChange={() => clearError("note")} />
      </Field>
      <HandoverPhotoPicker label={label} error={tr(errors.photos)} onBusyChange={onBusyChange} />
      <div className="flex justify-end">
        <Button type="submit" size="md" disabled={uploading} pending={submitting} pendingText={_(msg`Saving...`)}>
          {uploading ? _(HANDOVER_TEXT.errors.uploading) : _(text.save)}
        </Button>
      </div>
    </Form>
  );
}
