import { BOOKING_MODE_LABELS, BOOKING_MODES } from "~/db/listing-enums";
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
    for (const field of ADDRESS_FIELDS) if (!String(formData.get(field) ?? "").trim()) fieldErrors[field] ??= "Required to publish";
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
    errors[field] ?? (errors.address && !String(defaults[field] ?? "").trim() ? "Required to publish" : undefined);

  // docs/product.md#live-updates: a type added in another open form (or another tab) appears here at once.
  useLiveEvents(["space_types"], (event) => {
    if (event.op === "INSERT" && event.name && event.label) addType({ id: event.id, name: event.name, label: event.label }, false);
  });

  return (
    <Form ref={formRef} method="post" className="space-y-6" noValidate onSubmit={onSubmit} aria-describedby={formError ? "listing-form-error" : undefined}>
      {formToken && <input type="hidden" name="formToken" value={formToken} />}
      {formError && (
        <Alert id="listing-form-error" tone="error" tabIndex={-1}>
          {formError}
        </Alert>
      )}

      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <FormSection title="Basics" description="What guests see first.">
        <TextField
          name="title"
          label="Title"
          required
          maxLength={LIMITS.title}
          defaultValue={defaults.title}
          error={errors.title}
          className="sm:col-span-2"
          placeholder="Sunny loft photo studio"
        />
        <TextArea
          name="description"
          label="Description"
          required
          maxLength={LIMITS.description}
          defaultValue={defaults.description}
          error={errors.description}
          className="sm:col-span-2"
        />
      </FormSection>

      <FormSection title="Category and type">
        <SelectField name="rentalType" label="Rental type" required defaultValue={defaults.rentalType ?? "space"} error={errors.rentalType}>
          {RENTAL_TYPES.map((value) => (
            <option key={value} value={value}>
              {LABELS[value]}
            </option>
          ))}
        </SelectField>
        <div>
          <SelectField
            name="type"
            label="Space type"
            required
            value={type}
            onChange={(event) => setType(event.target.value)}
            error={errors.type ?? optionErrors?.spaceTypes ?? undefined}
          >
            <option value="">Choose a type</option>
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
          label="Category"
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
          error={errors.categoryId ?? optionErrors?.categories ?? undefined}
        >
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          key={categoryId || "none"}
          name="subcategoryId"
          label="Subcategory"
          disabled={!categoryId}
          defaultValue={categoryId === defaults.categoryId ? (defaults.subcategoryId ?? "") : ""}
          error={errors.subcategoryId}
          hint={categoryId ? undefined : "Choose a category first"}
        >
          <option value="">No subcategory</option>
          {subcategories.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.label}
            </option>
          ))}
        </SelectField>
      </FormSection>

      <FormSection title="Pricing" description="Leave a rate empty if you do not offer it.">
        <TextField name="hourlyPrice" label="Hourly rate" type="number" required min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.hourlyPrice)} error={errors.hourlyPrice} />
        <SelectField name="currency" label="Currency" required defaultValue={defaults.currency ?? "USD"} error={errors.currency}>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <TextField name="dailyPrice" label="Daily rate" type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.dailyPrice)} error={errors.dailyPrice} />
        <TextField name="weeklyPrice" label="Weekly rate" type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.weeklyPrice)} error={errors.weeklyPrice} />
        <TextField name="monthlyPrice" label="Monthly rate" type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.monthlyPrice)} error={errors.monthlyPrice} />
        <TextField name="yearlyPrice" label="Yearly rate" type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.yearlyPrice)} error={errors.yearlyPrice} />
        <div className="flex flex-col justify-end gap-2">
          <CheckboxField name="depositRequired" label="Deposit required" defaultChecked={defaults.depositRequired} />
        </div>
        <TextField name="depositAmount" label="Deposit amount" type="number" min={0} max={MAX_PRICE} step="0.01" inputMode="decimal" defaultValue={num(defaults.depositAmount)} error={errors.depositAmount} />
      </FormSection>

      <FormSection title="Capacity and rules">
        <TextField name="capacity" label="Capacity (guests)" type="number" required min={1} step={1} inputMode="numeric" defaultValue={num(defaults.capacity ?? 1)} error={errors.capacity} />
        <TextField
          name="amenities"
          label="Amenities"
          required
          defaultValue={joined(defaults.amenities)}
          error={errors.amenities}
          hint="Separate with commas, e.g. Wi-Fi, Parking, Kitchen"
        />
        <TextField name="minRentalDuration" label="Minimum rental duration (hours)" type="number" min={1} step={1} defaultValue={num(defaults.minRentalDuration ?? 1)} error={errors.minRentalDuration} />
        <TextField name="maxRentalDuration" label="Maximum rental duration (hours)" type="number" min={1} step={1} defaultValue={num(defaults.maxRentalDuration)} error={errors.maxRentalDuration} />
        <TextField name="ageRestriction" label="Minimum age" type="number" min={0} max={120} step={1} defaultValue={num(defaults.ageRestriction)} error={errors.ageRestriction} />
        <SelectField
          name="cancellationPolicy"
          label="Cancellation policy"
          defaultValue={defaults.cancellationPolicy ?? "flexible"}
          error={errors.cancellationPolicy}
          hint="Flexible: full refund 24 hours before the start. Moderate: full refund 5 days before. Strict: 50% refund 7 days before."
        >
          {CANCELLATION_POLICIES.map((value) => (
            <option key={value} value={value}>
              {LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="bookingMode"
          label="Booking"
          defaultValue={defaults.bookingMode ?? "instant"}
          error={errors.bookingMode}
          hint="Instant: guests book and pay at once. Request to book: the guest's card is authorised and you accept or decline within 24 hours."
        >
          {BOOKING_MODES.map((value) => (
            <option key={value} value={value}>
              {BOOKING_MODE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="timezone"
          label="Time zone"
          defaultValue={defaults.timezone ?? "UTC"}
          error={errors.timezone}
          hint="Booking slots are shown in this time zone."
        >
          {[...new Set([defaults.timezone ?? "UTC", ...TIME_ZONE_CHOICES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="status"
          label="Current status"
          defaultValue={defaults.status ?? "available"}
          error={errors.status}
          hint="Shown as a badge on the listing's card."
        >
          {SPACE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LABELS[value]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-2">
          <CheckboxField name="insuranceRequired" label="Insurance required" defaultChecked={defaults.insuranceRequired} />
          <CheckboxField name="licenseRequired" label="Licence required" defaultChecked={defaults.licenseRequired} />
          <CheckboxField name="waiverRequired" label="Waiver required" defaultChecked={defaults.waiverRequired} onChange={setWaiverRequired} />
          <CheckboxField name="requiresVerifiedGuests" label={IDENTITY_TEXT.listingSetting} defaultChecked={defaults.requiresVerifiedGuests} />
        </div>
        {/* Hidden, not removed, while the waiver is off: its text is kept for when it is on again. */}
        <div hidden={!waiverRequired} className="sm:col-span-2">
          <TextArea
            name="waiverText"
            label={REQUIREMENT_TEXT.waiverTextLabel}
            required={waiverRequired}
            rows={6}
            maxLength={LIMITS.waiverText}
            defaultValue={defaults.waiverText}
            error={errors.waiverText}
            hint={REQUIREMENT_TEXT.waiverTextHint}
          />
        </div>
      </FormSection>

      <FormSection title="Rental-specific details" description="For vehicles and equipment; leave empty when it does not apply.">
        <TextField name="brand" label="Brand" maxLength={LIMITS.shortText} defaultValue={defaults.brand} error={errors.brand} />
        <TextField name="model" label="Model" maxLength={LIMITS.shortText} defaultValue={defaults.model} error={errors.model} />
        <TextField name="year" label="Year" type="number" min={1900} max={2100} step={1} defaultValue={num(defaults.year)} error={errors.year} />
        <SelectField name="condition" label="Condition" defaultValue={defaults.condition ?? "good"} error={errors.condition}>
          {CONDITIONS.map((value) => (
            <option key={value} value={value}>
              {LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField name="locationType" label="Location type" defaultValue={defaults.locationType ?? "fixed"} error={errors.locationType}>
          {LOCATION_TYPES.map((value) => (
            <option key={value} value={value}>
              {LOCATION_TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField name="deliveryFee" label="Delivery fee" type="number" min={0} max={MAX_PRICE} step="0.01" defaultValue={num(defaults.deliveryFee)} error={errors.deliveryFee} />
        <div className="flex flex-col gap-2">
          <CheckboxField name="deliveryAvailable" label="Delivery available" defaultChecked={defaults.deliveryAvailable} />
          <CheckboxField name="pickupAvailable" label="Pickup available" defaultChecked={defaults.pickupAvailable} />
        </div>
        <TextField
          name="safetyEquipmentIncluded"
          label="Safety equipment included"
          defaultValue={joined(defaults.safetyEquipmentIncluded)}
          error={errors.safetyEquipmentIncluded}
          hint="Separate with commas, e.g. Helmet, Gloves"
        />
      </FormSection>

      <FormSection title="Location and address" description="Street address, city, state and postal code are required to publish.">
        <TextField name="location" label="Location" required maxLength={LIMITS.location} defaultValue={defaults.location} error={errors.location} hint="The area guests see, e.g. Brooklyn, New York" />
        <TextField name="country" label="Country" required maxLength={LIMITS.country} defaultValue={defaults.country} error={errors.country} autoComplete="country-name" />
        <TextField name="streetAddress" label="Street address" maxLength={LIMITS.address} defaultValue={defaults.streetAddress} error={addressError("streetAddress")} autoComplete="address-line1" />
        <TextField name="unitNumber" label="Unit number" maxLength={LIMITS.shortText} defaultValue={defaults.unitNumber} error={errors.unitNumber} autoComplete="address-line2" />
        <TextField name="city" label="City" maxLength={LIMITS.shortText} defaultValue={defaults.city} error={addressError("city")} autoComplete="address-level2" />
        <TextField name="state" label="State" maxLength={LIMITS.shortText} defaultValue={defaults.state} error={addressError("state")} autoComplete="address-level1" />
        <TextField name="postalCode" label="Postal code" maxLength={LIMITS.postalCode} defaultValue={defaults.postalCode} error={addressError("postalCode")} autoComplete="postal-code" />
        {errors.address && (
          <p className="text-sm font-medium text-red-700 sm:col-span-2" role="alert">
            {errors.address}
          </p>
        )}
        <TextField name="latitude" label="Latitude" inputMode="decimal" defaultValue={num(defaults.latitude)} error={errors.latitude} hint="Set by the pin; leave both empty to place it from the address" />
        <TextField name="longitude" label="Longitude" inputMode="decimal" defaultValue={num(defaults.longitude)} error={errors.longitude} />
        {pinPicker}
      </FormSection>

      <FormSection title="Photos and videos">
        <MediaUploader
          initialImages={defaults.images ?? []}
          initialVideos={defaults.videos ?? []}
          error={errors.images ?? errors.videos}
          onBusyChange={onBusyChange}
        />
      </FormSection>

      <FormSection title="Search details" description="Optional: how the listing appears in search engines.">
        <TextArea name="metaDescription" label="Meta description" rows={2} maxLength={LIMITS.metaDescription} defaultValue={defaults.metaDescription} error={errors.metaDescription} className="sm:col-span-2" />
        <TextField name="metaKeywords" label="Keywords" defaultValue={joined(defaults.metaKeywords)} error={errors.metaKeywords} hint="Separate with commas" className="sm:col-span-2" />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        {mode === "edit" && (
          <Link to="/my-listings" className={buttonVariants({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="outline"
          disabled={disabled}
          pending={submitting && pending === "draft"}
          pendingText="Saving…"
        >
          Save as Draft
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={disabled} pending={submitting && pending === "publish"} pendingText="Publishing…">
          Publish Listing
        </Button>
      </div>
      {uploading && <p className="text-right text-sm text-slate-600">Wait for the uploads to finish before saving.</p>}
    </Form>
  );
}
