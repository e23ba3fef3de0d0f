import { useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { Field, FieldError, errorIdOf } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { checkRequirements, chosenFulfilment, COUNTRY_CHOICES, REQUIREMENT_FIELDS, REQUIREMENT_TEXT, type ListingRequirements, type RequirementField } from "../requirements";
import { todayIn } from "../slots";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";

/** What the guest typed, as the hold request carries it (hold.server.ts). */
export type RequirementValues = {
  dateOfBirth: string;
  licenceNumber: string;
  licenceCountry: string;
  licenceExpiry: string;
  waiverAccepted: boolean;
  /** Insurance required (ADR 0286): "own" or "protection"; "" before the guest chooses. */
  insurance: "" | "own" | "protection";
  insurerName: string;
  policyNumber: string;
  /** Delivery or pickup (ADR 0287); "" before the guest chooses (or when the listing offers one). */
  fulfilment: "" | "delivery" | "pickup";
  deliveryStreet: string;
  deliveryCity: string;
  deliveryPostalCode: string;
  deliveryCountry: string;
};

export const EMPTY_REQUIREMENTS: RequirementValues = {
  dateOfBirth: "",
  licenceNumber: "",
  licenceCountry: "",
  licenceExpiry: "",
  waiverAccepted: false,
  insurance: "",
  insurerName: "",
  policyNumber: "",
  fulfilment: "",
  deliveryStreet: "",
  deliveryCity: "",
  deliveryPostalCode: "",
  deliveryCountry: "",
};

/** The request's requirement fields: only those the listing asks for (the delivery address only with a delivery). */
export function requirementPayload(needs: ListingRequirements, values: RequirementValues): Partial<RequirementValues> {
  const delivering = chosenFulfilment(needs.fulfilment, values.fulfilment) === "delivery";
  return {
    ...(needs.minimumAge !== null ? { dateOfBirth: values.dateOfBirth } : {}),
    ...(needs.licence ? { licenceNumber: values.licenceNumber, licenceCountry: values.licenceCountry, licenceExpiry: values.licenceExpiry } : {}),
    ...(needs.waiver ? { waiverAccepted: values.waiverAccepted } : {}),
    ...(needs.insurance ? { insurance: values.insurance, ...(values.insurance === "own" ? { insurerName: values.insurerName, policyNumber: values.policyNumber } : {}) } : {}),
    ...(needs.fulfilment && values.fulfilment ? { fulfilment: values.fulfilment } : {}),
    ...(needs.fulfilment && delivering
      ? { deliveryStreet: values.deliveryStreet, deliveryCity: values.deliveryCity, deliveryPostalCode: values.deliveryPostalCode, deliveryCountry: values.deliveryCountry }
      : {}),
  };
}

/** A radio group's choices, each a card styled as the admin's refund choices (the kit has no radio). */
function RadioChoices<V extends string>({ id, name, choices, value, invalid, onChange }: { id: string; name: string; choices: { value: V; label: string; hint?: string }[]; value: string; invalid: boolean; onChange(value: V): void }) {
  return choices.map((choice) => {
    const choiceId = `${id}-${name}-${choice.value}`;
    return (
      <label key={choice.value} htmlFor={choiceId} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
        <input
          id={choiceId}
          type="radio"
          name={name}
          value={choice.value}
          checked={value === choice.value}
          onChange={() => onChange(choice.value)}
          aria-invalid={invalid ? true : undefined}
          aria-labelledby={`${choiceId}-label`}
          aria-describedby={choice.hint ? `${choiceId}-hint` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span className="min-w-0 text-sm">
          <span id={`${choiceId}-label`} className="block font-semibold text-slate-900">
            {choice.label}
          </span>
          {choice.hint && (
            <span id={`${choiceId}-hint`} className="block text-xs text-slate-600">
              {choice.hint}
            </span>
          )}
        </span>
      </label>
    );
  });
}

/** The country select of the licence and the delivery address. */
function CountrySelect({ name, value, onChange, autoComplete }: { name: string; value: string; onChange(value: string): void; autoComplete?: string }) {
  const _ = useTranslate();
  return (
    <Select name={name} autoComplete={autoComplete} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{_(REQUIREMENT_TEXT.chooseCountry)}</option>
      {COUNTRY_CHOICES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </Select>
  );
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
  protection,
  deliveryFeeText,
}: {
  needs: ListingRequirements;
  /** The Protection line for this booking (ADR 0286): its rate and amount; null when the rate is unknown. */
  protection?: { percentText: string; amountText: string } | null;
  /** The listing's delivery fee, formatted. */
  deliveryFeeText?: string;
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
  const _ = useTranslate();
  const tr = (text: string | undefined) => (text ? _(text) : text);
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
    const checked = checkRequirements(needs, requirementPayload(needs, values), { start: new Date(booking.start), end: new Date(booking.end), now: booking.now, timeZone: booking.timeZone }, _);
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
  const insuranceErrorId = errorIdOf(`${id}-insurance`);
  const fulfilmentErrorId = errorIdOf(`${id}-fulfilment`);
  const offer = needs.fulfilment;
  const delivering = chosenFulfilment(offer, values.fulfilment) === "delivery";
  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-labelledby={`${id}-heading`} data-testid="requirements-step">
      <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
          {_(REQUIREMENT_TEXT.heading)}
        </h3>
        <p className="text-slate-800">{when}</p>
        <p className="text-slate-600">{_(REQUIREMENT_TEXT.intro)}</p>
      </div>

      {needs.minimumAge !== null && (
        <Field label={_(REQUIREMENT_TEXT.dateOfBirth)} required error={tr(errors.dateOfBirth)} hint={_(REQUIREMENT_TEXT.dateOfBirthHint(needs.minimumAge))}>
          <Input type="date" name="dateOfBirth" autoComplete="bday" max={today} value={values.dateOfBirth} onChange={(event) => set("dateOfBirth", event.target.value)} />
        </Field>
      )}

      {needs.licence && (
        <fieldset className="min-w-0 space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{_(msg`Driving licence`)}</legend>
          <p className="text-xs text-slate-500">{_(REQUIREMENT_TEXT.licenceHint)}</p>
          <Field label={_(REQUIREMENT_TEXT.licenceNumber)} required error={tr(errors.licenceNumber)}>
            <Input name="licenceNumber" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={60} value={values.licenceNumber} onChange={(event) => set("licenceNumber", event.target.value)} />
          </Field>
          {/* One under the other: the booking panel is narrow at every width. */}
          <div className="space-y-3">
            <Field label={_(REQUIREMENT_TEXT.licenceCountry)} required error={tr(errors.licenceCountry)}>
              <CountrySelect name="licenceCountry" value={values.licenceCountry} onChange={(country) => set("licenceCountry", country)} />
            </Field>
            <Field label={_(REQUIREMENT_TEXT.licenceExpiry)} required error={tr(errors.licenceExpiry)}>
              <Input type="date" name="licenceExpiry" min={today} value={values.licenceExpiry} onChange={(event) => set("licenceExpiry", event.target.value)} />
            </Field>
          </div>
        </fieldset>
      )}

      {needs.waiver && (
        <section aria-labelledby={`${id}-waiver-heading`} className="space-y-2">
          <h4 id={`${id}-waiver-heading`} className="text-sm font-semibold text-slate-900">
            {_(REQUIREMENT_TEXT.waiverHeading)}
          </h4>
          {needs.waiver.text === null ? (
            <Alert tone="error" live={false} className="text-sm">
              {_(REQUIREMENT_TEXT.errors.waiverMissing)}
            </Alert>
          ) : (
            <>
              {/* Focusable, so a keyboard can scroll a long waiver. */}
              <div
                tabIndex={0}
                role="region"
                aria-label={_(msg`Waiver text`)}
                className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm whitespace-pre-line break-words text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                data-testid="waiver-text"
              >
                {needs.waiver.text}
              </div>
              <Checkbox
                id={`${id}-waiver`}
                name="waiverAccepted"
                label={_(REQUIREMENT_TEXT.waiverAccept)}
                checked={values.waiverAccepted}
                onChange={(event) => set("waiverAccepted", event.target.checked)}
                aria-invalid={errors.waiverAccepted ? true : undefined}
                aria-describedby={errors.waiverAccepted ? waiverErrorId : undefined}
                required
              />
            </>
          )}
          <FieldError id={waiverErrorId} message={tr(errors.waiverAccepted)} />
        </section>
      )}

      {needs.insurance && (
        <fieldset className="min-w-0 space-y-2" aria-describedby={errors.insurance ? insuranceErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{_(REQUIREMENT_TEXT.insuranceHeading)}</legend>
          <p className="text-xs text-slate-500">{_(REQUIREMENT_TEXT.insuranceIntro)}</p>
          <RadioChoices
            id={id}
            name="insurance"
            value={values.insurance}
            invalid={Boolean(errors.insurance)}
            onChange={(choice) => set("insurance", choice)}
            choices={[
              { value: "own", label: _(REQUIREMENT_TEXT.insuranceOwn) },
              {
                value: "protection",
                label: protection ? `${_(REQUIREMENT_TEXT.insuranceProtection)} (${protection.amountText})` : _(REQUIREMENT_TEXT.insuranceProtection),
                hint: protection ? _(REQUIREMENT_TEXT.protectionHint(protection.percentText)) : undefined,
              },
            ]}
          />
          <FieldError id={insuranceErrorId} message={tr(errors.insurance)} />
          {values.insurance === "own" && (
            <div className="space-y-3">
              <Field label={_(REQUIREMENT_TEXT.insurerName)} required error={tr(errors.insurerName)}>
                <Input name="insurerName" autoComplete="off" maxLength={120} value={values.insurerName} onChange={(event) => set("insurerName", event.target.value)} />
              </Field>
              <Field label={_(REQUIREMENT_TEXT.policyNumber)} required error={tr(errors.policyNumber)}>
                <Input name="policyNumber" autoComplete="off" spellCheck={false} maxLength={80} value={values.policyNumber} onChange={(event) => set("policyNumber", event.target.value)} />
              </Field>
            </div>
          )}
        </fieldset>
      )}

      {offer && (
        <fieldset className="min-w-0 space-y-2" aria-describedby={errors.fulfilment ? fulfilmentErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{_(REQUIREMENT_TEXT.fulfilmentHeading)}</legend>
          {offer.delivery && offer.pickup ? (
            <RadioChoices
              id={id}
              name="fulfilment"
              value={values.fulfilment}
              invalid={Boolean(errors.fulfilment)}
              onChange={(choice) => set("fulfilment", choice)}
              choices={[
                { value: "delivery", label: deliveryFeeText ? `${_(REQUIREMENT_TEXT.delivery)} (${deliveryFeeText})` : _(REQUIREMENT_TEXT.delivery) },
                { value: "pickup", label: _(REQUIREMENT_TEXT.pickup) },
              ]}
            />
          ) : (
            <p className="text-sm text-slate-700">{offer.delivery ? `${_(REQUIREMENT_TEXT.deliveryOnly)}${deliveryFeeText ? ` ${_(REQUIREMENT_TEXT.delivery)}: ${deliveryFeeText}.` : ""}` : _(REQUIREMENT_TEXT.pickupOnly)}</p>
          )}
          <FieldError id={fulfilmentErrorId} message={tr(errors.fulfilment)} />
          {delivering && (
            <div className="space-y-3">
              <p className="text-xs text-slate-500">{_(REQUIREMENT_TEXT.deliveryHint)}</p>
              <Field label={_(REQUIREMENT_TEXT.deliveryStreet)} required error={tr(errors.deliveryStreet)}>
                <Input name="deliveryStreet" autoComplete="street-address" maxLength={220} value={values.deliveryStreet} onChange={(event) => set("deliveryStreet", event.target.value)} />
              </Field>
              <Field label={_(REQUIREMENT_TEXT.deliveryCity)} required error={tr(errors.deliveryCity)}>
                <Input name="deliveryCity" autoComplete="address-level2" maxLength={120} value={values.deliveryCity} onChange={(event) => set("deliveryCity", event.target.value)} />
              </Field>
              <Field label={_(REQUIREMENT_TEXT.deliveryPostalCode)} required error={tr(errors.deliveryPostalCode)}>
                <Input name="deliveryPostalCode" autoComplete="postal-code" maxLength={30} value={values.deliveryPostalCode} onChange={(event) => set("deliveryPostalCode", event.target.value)} />
              </Field>
              <Field label={_(REQUIREMENT_TEXT.deliveryCountry)} required error={tr(errors.deliveryCountry)}>
                <CountrySelect name="deliveryCountry" autoComplete="country" value={values.deliveryCountry} onChange={(country) => set("deliveryCountry", country)} />
              </Field>
            </div>
          )}
        </fieldset>
      )}

      <Button type="submit" block disabled={needs.waiver?.text === null}>
        {_(REQUIREMENT_TEXT.continue)}
      </Button>
      <Button variant="secondary" size="md" block onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
