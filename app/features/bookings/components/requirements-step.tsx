import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { Field, FieldError, errorIdOf } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { checkRequirements, COUNTRY_CHOICES, REQUIREMENT_FIELDS, REQUIREMENT_TEXT, type ListingRequirements, type RequirementField } from "../requirements";
import { todayIn } from "../slots";

/** What the guest typed, as the hold request carries it (hold.server.ts). */
export type RequirementValues = { dateOfBirth: string; licenceNumber: string; licenceCountry: string; licenceExpiry: string; waiverAccepted: boolean };

export const EMPTY_REQUIREMENTS: RequirementValues = { dateOfBirth: "", licenceNumber: "", licenceCountry: "", licenceExpiry: "", waiverAccepted: false };

/** The request's requirement fields: only those the listing asks for. */
export function requirementPayload(needs: ListingRequirements, values: RequirementValues): Partial<RequirementValues> {
  return {
    ...(needs.minimumAge !== null ? { dateOfBirth: values.dateOfBirth } : {}),
    ...(needs.licence ? { licenceNumber: values.licenceNumber, licenceCountry: values.licenceCountry, licenceExpiry: values.licenceExpiry } : {}),
    ...(needs.waiver ? { waiverAccepted: values.waiverAccepted } : {}),
  };
}

type Errors = Partial<Record<RequirementField, string>>;

/**
 * Checkout's requirements (issue #28 point 3, ADR 0279), between the booking widget and the
 * payment step, asking only what the listing requires: the date of birth, the driving licence,
 * the host's waiver with 'I accept the waiver'. The same `checkRequirements` as the server's
 * runs on continue, and the server's refusals come back here, next to their fields.
 */
export function RequirementsStep({
  needs,
  when,
  booking,
  values: initial,
  errors: refused,
  onContinue,
  onBack,
}: {
  needs: ListingRequirements;
  /** The chosen time, as the summary says it. */
  when: string;
  /** The booking's range and the listing's time zone, which the age and the licence are checked against. */
  booking: { start: string; end: string; timeZone: string; now: Date };
  values: RequirementValues;
  /** The server's messages for these fields, when it refused them. */
  errors: Errors | null;
  onContinue(values: RequirementValues): void;
  onBack(): void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>(refused ?? {});
  const form = useRef<HTMLFormElement>(null);
  const today = todayIn(booking.timeZone, booking.now);

  const set = <K extends keyof RequirementValues>(field: K, value: RequirementValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRequirements(needs, requirementPayload(needs, values), { start: new Date(booking.start), end: new Date(booking.end), now: booking.now, timeZone: booking.timeZone });
    if (checked.ok) {
      onContinue(values);
      return;
    }
    setErrors(checked.fields);
    // The first field with a message takes the focus, so its message is read out.
    const first = REQUIREMENT_FIELDS.find((field) => checked.fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const waiverErrorId = errorIdOf(`${id}-waiver`);
  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-labelledby={`${id}-heading`} data-testid="requirements-step">
      <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
          {REQUIREMENT_TEXT.heading}
        </h3>
        <p className="text-slate-800">{when}</p>
        <p className="text-slate-600">{REQUIREMENT_TEXT.intro}</p>
      </div>

      {needs.minimumAge !== null && (
        <Field label={REQUIREMENT_TEXT.dateOfBirth} required error={errors.dateOfBirth} hint={REQUIREMENT_TEXT.dateOfBirthHint(needs.minimumAge)}>
          <Input type="date" name="dateOfBirth" autoComplete="bday" max={today} value={values.dateOfBirth} onChange={(event) => set("dateOfBirth", event.target.value)} />
        </Field>
      )}

      {needs.licence && (
        <fieldset className="min-w-0 space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Driving licence</legend>
          <p className="text-xs text-slate-500">{REQUIREMENT_TEXT.licenceHint}</p>
          <Field label={REQUIREMENT_TEXT.licenceNumber} required error={errors.licenceNumber}>
            <Input name="licenceNumber" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={60} value={values.licenceNumber} onChange={(event) => set("licenceNumber", event.target.value)} />
          </Field>
          {/* One under the other: the booking panel is narrow at every width. */}
          <div className="space-y-3">
            <Field label={REQUIREMENT_TEXT.licenceCountry} required error={errors.licenceCountry}>
              <Select name="licenceCountry" value={values.licenceCountry} onChange={(event) => set("licenceCountry", event.target.value)}>
                <option value="">{REQUIREMENT_TEXT.chooseCountry}</option>
                {COUNTRY_CHOICES.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={REQUIREMENT_TEXT.licenceExpiry} required error={errors.licenceExpiry}>
              <Input type="date" name="licenceExpiry" min={today} value={values.licenceExpiry} onChange={(event) => set("licenceExpiry", event.target.value)} />
            </Field>
          </div>
        </fieldset>
      )}

      {needs.waiver && (
        <section aria-labelledby={`${id}-waiver-heading`} className="space-y-2">
          <h4 id={`${id}-waiver-heading`} className="text-sm font-semibold text-slate-900">
            {REQUIREMENT_TEXT.waiverHeading}
          </h4>
          {needs.waiver.text === null ? (
            <Alert tone="error" live={false} className="text-sm">
              {REQUIREMENT_TEXT.errors.waiverMissing}
            </Alert>
          ) : (
            <>
              {/* Focusable, so a keyboard can scroll a long waiver. */}
              <div
                tabIndex={0}
                role="region"
                aria-label="Waiver text"
                className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm whitespace-pre-line break-words text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                data-testid="waiver-text"
              >
                {needs.waiver.text}
              </div>
              <Checkbox
                id={`${id}-waiver`}
                name="waiverAccepted"
                label={REQUIREMENT_TEXT.waiverAccept}
                checked={values.waiverAccepted}
                onChange={(event) => set("waiverAccepted", event.target.checked)}
                aria-invalid={errors.waiverAccepted ? true : undefined}
                aria-describedby={errors.waiverAccepted ? waiverErrorId : undefined}
                required
              />
            </>
          )}
          <FieldError id={waiverErrorId} message={errors.waiverAccepted} />
        </section>
      )}

      <Button type="submit" block disabled={needs.waiver?.text === null}>
        {REQUIREMENT_TEXT.continue}
      </Button>
      <Button variant="secondary" size="md" block onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
