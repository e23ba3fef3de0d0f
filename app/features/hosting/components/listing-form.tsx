import { msg } from "@lingui/core/macro";
import { BOOKING_MODE_LABELS, BOOKING_MODES } from "~/db/listing-enums";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { useListingErrorText } from "../listing-texts";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useLiveEvents } from "~/features/realtime/use-live-events";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button, buttonVariants } from "~/ui/button";
import {
  CANCELLATION_POLICY_LABELS,
  CONDITION_LABELS,
  LOCATION_TYPE_LABELS,
  RENTAL_TYPE_LABELS,
  SPACE_STATUS_LABELS,
} from "~/db/listing-enums";
import {
  CANCELLATION_POLICIES,
  CONDITIONS,
  CURRENCIES,
  type FieldErrors,
  LIMITS,
  type ListingDefaults,
  LOCATION_TYPES,
  LISTING_ARRAY_FIELDS,
  listingFormSchema,
  MAX_PRICE,
  RENTAL_TYPES,
  SPACE_STATUSES,
  TIME_ZONE_CHOICES,
} from "../listing-form";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { REQUIREMENT_TEXT } from "~/features/bookings/requirements";
import { CheckboxField, FormSection, SelectField, TextArea, TextField } from "./fields";
import { MediaUploader } from "./media-uploader";
import { SpaceTypeAdder, type SpaceTypeOption } from "./space-type-adder";

export type CategoryOption = { id: string; label: string; subcategories: Array<{ id: string; label: string }> };

/** Option labels, one record per closed set (app/db/listing-enums.ts). */
const LABELS: Record<string, string> = {
  ...RENTAL_TYPE_LABELS,
  ...CANCELLATION_POLICY_LABELS,
  ...CONDITION_LABELS,
  ...SPACE_STATUS_LABELS,
};

const REQUIRED_TO_PUBLISH = translatable("Required to publish");

const ADDRESS_FIELDS = ["streetAddress", "city", "state", "postalCode"] as const;

/**
 * The listing schema, run in the browser before the form is sent (the action runs it
 * again). A refused publish marks each empty address field, as the server's answer does.
 */
function validateListing(formData: FormData): { ok: true } | { ok: false; fieldErrors: FieldErrors } {
  const result = parseForm(listingFormSchema, formData, { arrayFields: LISTING_ARRAY_FIELDS });
  if (result.ok) return { ok: true };
  const fieldErrors: FieldErrors = { ...result.fieldErrors };
  if (fieldErrors.address) {
    for (const field of ADDRESS_FIELDS) if (!String(formData.get(field) ?? "").trim()) fieldErrors[field] ??= REQUIRED_TO_PUBLISH;
  }
  return { ok: false, fieldErrors };
}

const joined = (value: string[] | string | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));
const num = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));

export type { ListingDefaults };

export function ListingForm({
  mode,
  categories,
  spaceTypes,
  defaults,
  errors: serverErrors,
  formError,
  formToken,
  optionErrors,
  pinPicker,
}: {
  mode: "create" | "edit";
  categories: CategoryOption[];
  spaceTypes: SpaceTypeOption[];
  defaults: ListingDefaults;
  /** The server's answer to the last submission (`actionData.fieldErrors`). */
  errors?: FieldErrors;
  formError?: string | null;
  formToken?: string;
  /** The texts of docs/product.md#error-texts, 'Failed to fetch categories' / 'Failed to fetch space types' when a list could not be read. */
  optionErrors?: { categories: string | null; spaceTypes: string | null };
  /** The map that places the pin (issue #27; the route passes the geo feature's picker), shown under the coordinates. */
  pinPicker?: ReactNode;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  const errorText = useListingErrorText();
  const star = "*";
  // The red star inside the sentence, wherever the language puts it.
  const requiredNote = _(msg`Fields marked ${star} are required.`).split(star);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [uploading, setUploading] = useState(false);
  const [waiverRequired, setWaiverRequired] = useState(Boolean(defaults.waiverRequired));
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const [categoryId, setCategoryId] = useState(defaults.categoryId ?? "");
  const subcategories = categories.find((category) => category.id === categoryId)?.subcategories ?? [];
  const [types, setTypes] = useState(spaceTypes);
  const [type, setType] = useState(defaults.type ?? "");
  const disabled = submitting || uploading;
  const pending = navigation.formData?.get("intent");

  const addType = useCallback((added: SpaceTypeOption, select: boolean) => {
    setTypes((all) => (all.some((existing) => existing.name === added.name) ? all : [...all, added]));
    if (select) setType(added.name);
  }, []);

  // One pipeline: the schema runs here before sending and in the action; either way the
  // first field to fix takes the focus (a message for no one field: the alert does).
  const { formRef, errors, onSubmit } = useFormErrors<keyof FieldErrors & string>({ validate: validateListing, serverErrors });
  useEffect(() => {
    if (formError && !formRef.current?.querySelector('[aria-invalid="true"]')) formRef.current?.querySelector<HTMLElement>("#listing-form-error")?.focus();
  }, [formError, formRef]);
  /** docs/product.md#listing-rules: publishing needs these four; after a refused publish, mark the empty ones. */
  const addressError = (field: (typeof ADDRESS_FIELDS)[number]) =>
    errors[field] ?? (errors.address && !String(defaults[field] ?? "").trim() ? REQUIRED_TO_PUBLISH : undefined);

  // docs/product.md#live-updates: a type added in another open form (or another tab) appears here at once.
  useLiveEvents(["space_types"], (event) => {
    if (event.op === "INSERT" && event.name && event.label) addType({ id: event.id, name: event.name, label: event.label }, false);
  });

  return (
    <Form ref={formRef} method="post" className="space-y-6" noValidate onSubmit={onSubmit} aria-describedby={formError ? "listing-form-error" : undefined}>
      {formToken && <input type="hidden" name="formToken" value={formToken} />}
      {formError && (
        <Alert id="listing-form-error" tone="error" tabIndex={-1}>
          {_(formError)}
        </Alert>
      )}

      <p className="text-sm text-slate-600">
        {requiredNote[0]}
        <span className="text-red-700">*</span>
        {requiredNote[1]}
      </p>
      <FormSection title={_(msg`Basics`)} description={_(msg`What guests see first.`)}>
        <TextField
          name="title"
          label={_(msg`Title`)}
          required
          maxLength={LIMITS.title}
          defaultValue={defaults.title}
          error={errorText(errors.title)}
          className="sm:col-span-2"
          placeholder={_(msg`Sunny loft photo studio`)}
        />
        <TextArea
          name="description"
          label={_(msg`Description`)}
          required
          maxLength={LIMITS.description}
          defaultValue={defaults.description}
          error={errorText(errors.description)}
          className="sm:col-span-2"
        />
      </FormSection>

      <FormSection title={_(msg`Category and type`)}>
        <SelectField name="rentalType" label={_(msg`Rental type`)} required defaultValue={defaults.rentalType ?? "space"} error={errorText(errors.rentalType)}>
          {RENTAL_TYPES.map((value) => (
            <option key={value} value={value}>
              {_(LABELS[value]!)}
            </option>
          ))}
        </SelectField>
        <div>
          <SelectField
            name="type"
            label={_(msg`Space type`)}
            required
            value={type}
            onChange={(event) => setType(event.target.value)}
            error={errorText(errors.type ?? optionErrors?.spaceTypes)}
          >
            <option value="">{_(msg`Choose a type`)}</option>
            {(type && !types.some((option) => option.name === type) ? [...types, { id: type, name: type, label: type }] : types).map((option) => (
              <option key={option.name} value={option.name}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <SpaceTypeAdder onAdded={addType} />
        </div>
        <SelectField
          name="categoryId"
          label={_(msg`Category`)}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
          error={errorText(errors.categoryId ?? optionErrors?.categories)}
        >
          <option value="">{_(msg`No category`)}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          key={categoryId || "none"}
          name="subcategoryId"
          label={_(msg`Subcategory`)}
          disabled={!categoryId}
          defaultValue={categoryId === defaults.categoryId ? (defaults.subcategoryId ?? "") : ""}
          error={errorText(errors.subcategoryId)}
          hint={categoryId ? undefined : _(msg`Choose a category first`)}
        >
          <option value="">{_(msg`No subcategory`)}</option>
          {subcategories.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.label}
            </option>
          ))}
        </SelectField>
      </FormSection>

      <FormSection title={_(msg`Pricing`)} description={_(msg`Leave a rate empty if you do not offer it.`)}>
        <TextField name="hourlyPrice" label={_(msg`Hourly rate`)} type="number" required min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.hourlyPrice)} error={errorText(errors.hourlyPrice)} />
        <SelectField name="currency" label={_(msg`Currency`)} required defaultValue={defaults.currency ?? "USD"} error={errorText(errors.currency)}>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <TextField name="dailyPrice" label={_(msg`Daily rate`)} type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.dailyPrice)} error={errorText(errors.dailyPrice)} />
        <TextField name="weeklyPrice" label={_(msg`Weekly rate`)} type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.weeklyPrice)} error={errorText(errors.weeklyPrice)} />
        <TextField name="monthlyPrice" label={_(msg`Monthly rate`)} type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.monthlyPrice)} error={errorText(errors.monthlyPrice)} />
        <TextField name="yearlyPrice" label={_(msg`Yearly rate`)} type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.yearlyPrice)} error={errorText(errors.yearlyPrice)} />
        <div className="flex flex-col justify-end gap-2">
          <CheckboxField name="depositRequired" label={_(msg`Deposit required`)} defaultChecked={defaults.depositRequired} />
        </div>
        <TextField name="depositAmount" label={_(msg`Deposit amount`)} type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.depositAmount)} error={errorText(errors.depositAmount)} />
      </FormSection>

      <FormSection title={_(msg`Capacity and rules`)}>
        <TextField name="capacity" label={_(msg`Capacity (guests)`)} type="number" required min={1} step={1} inputMode="numeric" defaultValue={num(defaults.capacity ?? 1)} error={errorText(errors.capacity)} />
        <TextField
          name="amenities"
          label={_(msg`Amenities`)}
          required
          defaultValue={joined(defaults.amenities)}
          error={errorText(errors.amenities)}
          hint={_(msg`Separate with commas, e.g. Wi-Fi, Parking, Kitchen`)}
        />
        <TextField name="minRentalDuration" label={_(msg`Minimum rental duration (hours)`)} type="number" min={1} step={1} defaultValue={num(defaults.minRentalDuration ?? 1)} error={errorText(errors.minRentalDuration)} />
        <TextField name="maxRentalDuration" label={_(msg`Maximum rental duration (hours)`)} type="number" min={1} step={1} defaultValue={num(defaults.maxRentalDuration)} error={errorText(errors.maxRentalDuration)} />
        <TextField name="ageRestriction" label={_(msg`Minimum age`)} type="number" min={0} max={120} step={1} defaultValue={num(defaults.ageRestriction)} error={errorText(errors.ageRestriction)} />
        <SelectField
          name="cancellationPolicy"
          label={_(msg`Cancellation policy`)}
          defaultValue={defaults.cancellationPolicy ?? "flexible"}
          error={errorText(errors.cancellationPolicy)}
          hint={_(msg`Flexible: full refund 24 hours before the start. Moderate: full refund 5 days before. Strict: 50% refund 7 days before.`)}
        >
          {CANCELLATION_POLICIES.map((value) => (
            <option key={value} value={value}>
              {_(LABELS[value]!)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="bookingMode"
          label={_(msg`Booking`)}
          defaultValue={defaults.bookingMode ?? "instant"}
          error={errorText(errors.bookingMode)}
          hint={_(msg`Instant: guests book and pay at once. Request to book: the guest's card is authorised and you accept or decline within 24 hours.`)}
        >
          {BOOKING_MODES.map((value) => (
            <option key={value} value={value}>
              {_(BOOKING_MODE_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="timezone"
          label={_(msg`Time zone`)}
          defaultValue={defaults.timezone ?? "UTC"}
          error={errorText(errors.timezone)}
          hint={_(msg`Booking slots are shown in this time zone.`)}
        >
          {[...new Set([defaults.timezone ?? "UTC", ...TIME_ZONE_CHOICES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="status"
          label={_(msg`Current status`)}
          defaultValue={defaults.status ?? "available"}
          error={errorText(errors.status)}
          hint={_(msg`Shown as a badge on the listing's card.`)}
        >
          {SPACE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {_(LABELS[value]!)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-2">
          <CheckboxField name="insuranceRequired" label={_(msg`Insurance required`)} defaultChecked={defaults.insuranceRequired} />
          <CheckboxField name="licenseRequired" label={_(msg`Licence required`)} defaultChecked={defaults.licenseRequired} />
          <CheckboxField name="waiverRequired" label={_(msg`Waiver required`)} defaultChecked={defaults.waiverRequired} onChange={setWaiverRequired} />
          <CheckboxField name="requiresVerifiedGuests" label={_(IDENTITY_TEXT.listingSetting)} defaultChecked={defaults.requiresVerifiedGuests} />
        </div>
        {/* Hidden, not removed, while the waiver is off: its text is kept for when it is on again. */}
        <div hidden={!waiverRequired} className="sm:col-span-2">
          <TextArea
            name="waiverText"
            label={_(REQUIREMENT_TEXT.waiverTextLabel)}
            required={waiverRequired}
            rows={6}
            maxLength={LIMITS.waiverText}
            defaultValue={defaults.waiverText}
            error={errorText(errors.waiverText)}
            hint={_(REQUIREMENT_TEXT.waiverTextHint(locale))}
          />
        </div>
      </FormSection>

      <FormSection title={_(msg`Rental-specific details`)} description={_(msg`For vehicles and equipment; leave empty when it does not apply.`)}>
        <TextField name="brand" label={_(msg`Brand`)} maxLength={LIMITS.shortText} defaultValue={defaults.brand} error={errorText(errors.brand)} />
        <TextField name="model" label={_(msg`Model`)} maxLength={LIMITS.shortText} defaultValue={defaults.model} error={errorText(errors.model)} />
        <TextField name="year" label={_(msg`Year`)} type="number" min={1900} max={2100} step={1} defaultValue={num(defaults.year)} error={errorText(errors.year)} />
        <SelectField name="condition" label={_(msg`Condition`)} defaultValue={defaults.condition ?? "good"} error={errorText(errors.condition)}>
          {CONDITIONS.map((value) => (
            <option key={value} value={value}>
              {_(LABELS[value]!)}
            </option>
          ))}
        </SelectField>
        <SelectField name="locationType" label={_(msg`Location type`)} defaultValue={defaults.locationType ?? "fixed"} error={errorText(errors.locationType)}>
          {LOCATION_TYPES.map((value) => (
            <option key={value} value={value}>
              {_(LOCATION_TYPE_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <TextField name="deliveryFee" label={_(msg`Delivery fee`)} type="number" min={0} max={MAX_PRICE} step="0.01" defaultValue={num(defaults.deliveryFee)} error={errorText(errors.deliveryFee)} />
        <div className="flex flex-col gap-2">
          <CheckboxField name="deliveryAvailable" label={_(msg`Delivery available`)} defaultChecked={defaults.deliveryAvailable} />
          <CheckboxField name="pickupAvailable" label={_(msg`Pickup available`)} defaultChecked={defaults.pickupAvailable} />
        </div>
        <TextField
          name="safetyEquipmentIncluded"
          label={_(msg`Safety equipment included`)}
          defaultValue={joined(defaults.safetyEquipmentIncluded)}
          error={errorText(errors.safetyEquipmentIncluded)}
          hint={_(msg`Separate with commas, e.g. Helmet, Gloves`)}
        />
      </FormSection>

      <FormSection title={_(msg`Location and address`)} description={_(msg`Street address, city, state and postal code are required to publish.`)}>
        <TextField name="location" label={_(msg`Location`)} required maxLength={LIMITS.location} defaultValue={defaults.location} error={errorText(errors.location)} hint={_(msg`The area guests see, e.g. Brooklyn, New York`)} />
        <TextField name="country" label={_(msg`Country`)} required maxLength={LIMITS.country} defaultValue={defaults.country} error={errorText(errors.country)} autoComplete="country-name" />
        <TextField name="streetAddress" label={_(msg`Street address`)} maxLength={LIMITS.address} defaultValue={defaults.streetAddress} error={errorText(addressError("streetAddress"))} autoComplete="address-line1" />
        <TextField name="unitNumber" label={_(msg`Unit number`)} maxLength={LIMITS.shortText} defaultValue={defaults.unitNumber} error={errorText(errors.unitNumber)} autoComplete="address-line2" />
        <TextField name="city" label={_(msg`City`)} maxLength={LIMITS.shortText} defaultValue={defaults.city} error={errorText(addressError("city"))} autoComplete="address-level2" />
        <TextField name="state" label={_(msg`State`)} maxLength={LIMITS.shortText} defaultValue={defaults.state} error={errorText(addressError("state"))} autoComplete="address-level1" />
        <TextField name="postalCode" label={_(msg`Postal code`)} maxLength={LIMITS.postalCode} defaultValue={defaults.postalCode} error={errorText(addressError("postalCode"))} autoComplete="postal-code" />
        {errors.address && (
          <p className="text-sm font-medium text-red-700 sm:col-span-2" role="alert">
            {errorText(errors.address)}
          </p>
        )}
        <TextField name="latitude" label={_(msg`Latitude`)} inputMode="decimal" defaultValue={num(defaults.latitude)} error={errorText(errors.latitude)} hint={_(msg`Set by the pin; leave both empty to place it from the address`)} />
        <TextField name="longitude" label={_(msg`Longitude`)} inputMode="decimal" defaultValue={num(defaults.longitude)} error={errorText(errors.longitude)} />
        {pinPicker}
      </FormSection>

      <FormSection title={_(msg`Photos and videos`)}>
        <MediaUploader
          initialImages={defaults.images ?? []}
          initialVideos={defaults.videos ?? []}
          error={errorText(errors.images ?? errors.videos)}
          onBusyChange={onBusyChange}
        />
      </FormSection>

      <FormSection title={_(msg`Search details`)} description={_(msg`Optional: how the listing appears in search engines.`)}>
        <TextArea name="metaDescription" label={_(msg`Meta description`)} rows={2} maxLength={LIMITS.metaDescription} defaultValue={defaults.metaDescription} error={errorText(errors.metaDescription)} className="sm:col-span-2" />
        <TextField name="metaKeywords" label={_(msg`Keywords`)} defaultValue={joined(defaults.metaKeywords)} error={errorText(errors.metaKeywords)} hint={_(msg`Separate with commas`)} className="sm:col-span-2" />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        {mode === "edit" && (
          <Link to="/my-listings" className={buttonVariants({ variant: "secondary" })}>
            {_(msg`Cancel`)}
          </Link>
        )}
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="outline"
          disabled={disabled}
          pending={submitting && pending === "draft"}
          pendingText={_(msg`Saving…`)}
        >
          {_(msg`Save as Draft`)}
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={disabled} pending={submitting && pending === "publish"} pendingText={_(msg`Publishing…`)}>
          {_(msg`Publish Listing`)}
        </Button>
      </div>
      {uploading && <p className="text-end text-sm text-slate-600">{_(msg`Wait for the uploads to finish before saving.`)}</p>}
    </Form>
  );
}
