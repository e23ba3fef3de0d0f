import english from "i18n-iso-countries/langs/en.json";
import { todayIn } from "./slots";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english as inEnglish, type Translate } from "~/features/i18n/translate";
import { intlLocale } from "~/lib/locales";

/**
 * Checkout requirements from the listing (issue #28 point 3, docs/decisions/0279-checkout-requirements.md):
 * a minimum age (the guest gives their date of birth), a driving licence (number, issuing
 * country, expiry) and a waiver (the host's text, which the guest accepts). Pure: the
 * widget's form and the hold (hold.server.ts) run the same `checkRequirements`, so the
 * server decides with the words the guest saw next to the fields.
 */

/** What a listing asks of a guest at checkout; null when it asks nothing. */
export type ListingRequirements = {
  /** Years the guest must have reached at the booking's start; null: no minimum. */
  minimumAge: number | null;
  licence: boolean;
  /** Whether a waiver must be accepted, and its text (null when the host never wrote it). */
  waiver: { text: string | null } | null;
  /** Insurance required (ADR 0286): the guest confirms their own cover or buys the platform's protection. */
  insurance: boolean;
  /** What the listing offers of delivery (with its fee in minor units) and pickup (ADR 0287); null when neither. */
  fulfilment: { delivery: { feeMinor: number } | null; pickup: boolean } | null;
};

/** The requirement fields of a hold request, as the guest gives them. */
export const REQUIREMENT_FIELDS = [
  "dateOfBirth",
  "licenceNumber",
  "licenceCountry",
  "licenceExpiry",
  "waiverAccepted",
  "insurance",
  "insurerName",
  "policyNumber",
  "fulfilment",
  "deliveryStreet",
  "deliveryCity",
  "deliveryPostalCode",
  "deliveryCountry",
] as const;
export type RequirementField = (typeof REQUIREMENT_FIELDS)[number];

/** What the guest gave, checked: stored with the booking (a field is absent when not asked). */
export type RequirementAnswers = {
  dateOfBirth?: string;
  licence?: { number: string; country: string; expiry: string };
  waiver?: { text: string };
  insurance?: { kind: "own"; insurerName: string; policyNumber: string } | { kind: "protection" };
  fulfilment?: { kind: "pickup" } | { kind: "delivery"; address: DeliveryAddress };
};

export type DeliveryAddress = { street: string; city: string; postalCode: string; country: string };

export const INSURANCE_CHOICES = ["own", "protection"] as const;
export const FULFILMENT_CHOICES = ["delivery", "pickup"] as const;
export const INSURER_NAME_MAX = 100;
export const POLICY_NUMBER_MAX = 60;
export const DELIVERY_LIMITS = { street: 200, city: 100, postalCode: 20 } as const;

export const WAIVER_TEXT_MAX = 10_000;
export const LICENCE_NUMBER_MAX = 40;
/** Nobody booking is older than this; a date of birth further back is a typing slip. */
const OLDEST_AGE = 120;
/** A licence expiring further ahead than this is a typing slip. */
const LICENCE_YEARS_AHEAD = 60;

export const REQUIREMENT_TEXT = {
  heading: translatable("Before you pay"),
  intro: translatable("The host asks for these before you book."),
  continue: translatable("Continue to Payment"),
  dateOfBirth: translatable("Date of birth"),
  dateOfBirthHint: (age: number): MessageDescriptor => msg`You must be at least ${age} on the day the booking starts.`,
  licenceNumber: translatable("Driving licence number"),
  licenceCountry: translatable("Issuing country"),
  licenceExpiry: translatable("Licence expiry date"),
  licenceHint: translatable("The host sees your licence once the booking is confirmed."),
  waiverHeading: translatable("Waiver"),
  waiverAccept: translatable("I accept the waiver"),
  chooseCountry: translatable("Choose a country"),
  errors: {
    underAge: (age: number, _: Translate = inEnglish) => _(msg`You must be at least ${age} to book this listing.`),
    dateOfBirthRequired: translatable("Enter your date of birth."),
    dateOfBirthInvalid: translatable("Enter your date of birth as a real date (YYYY-MM-DD)."),
    dateOfBirthFuture: translatable("Your date of birth cannot be in the future."),
    dateOfBirthTooOld: translatable("Enter your real date of birth (at most 120 years ago)."),
    licenceNumberRequired: translatable("Enter your driving licence number."),
    licenceNumberInvalid: translatable("A driving licence number has up to 40 letters, digits, spaces or hyphens."),
    licenceCountry: translatable("Choose the country that issued your driving licence."),
    licenceExpiryRequired: translatable("Enter your driving licence's expiry date."),
    licenceExpiryInvalid: translatable("Enter your driving licence's expiry date as a real date (YYYY-MM-DD)."),
    licenceExpired: translatable("Your driving licence must be valid until the end of the booking."),
    licenceExpiryTooFar: translatable("Enter your driving licence's real expiry date (at most 60 years ahead)."),
    waiverNotAccepted: translatable("Accept the waiver to book this listing."),
    waiverMissing: translatable("The host has not added the waiver's text yet, so this listing cannot be booked."),
    insuranceChoice: translatable("Confirm your own insurance or add Protection to book this listing."),
    insurerNameRequired: translatable("Enter your insurer's name."),
    insurerNameInvalid: translatable("An insurer's name has up to 100 characters."),
    policyNumberRequired: translatable("Enter your policy number."),
    policyNumberInvalid: translatable("A policy number has up to 60 letters, digits, spaces, hyphens or slashes."),
    fulfilmentChoice: translatable("Choose delivery or pick up."),
    deliveryNotOffered: translatable("This listing does not offer delivery."),
    pickupNotOffered: translatable("This listing does not offer pick up; it is delivered."),
    deliveryStreetRequired: translatable("Enter the street address for the delivery."),
    deliveryStreetInvalid: translatable("A street address has up to 200 characters."),
    deliveryCityRequired: translatable("Enter the city for the delivery."),
    deliveryCityInvalid: translatable("A city has up to 100 characters."),
    deliveryPostalCodeRequired: translatable("Enter the postal code for the delivery."),
    deliveryPostalCodeInvalid: translatable("A postal code has up to 20 letters, digits, spaces or hyphens."),
    deliveryCountry: translatable("Choose the country for the delivery."),
  },
  insuranceHeading: translatable("Insurance"),
  insuranceIntro: translatable("The host requires insurance for this rental."),
  insuranceOwn: translatable("I have insurance that covers this rental"),
  insuranceProtection: translatable("Add Protection"),
  /** `percent`: the rate as `basisPointsText` writes it in the page's language. */
  protectionHint: (percent: string): MessageDescriptor => msg`Protection is ${percent} of the rental, added to your total as its own line.`,
  insurerName: translatable("Insurer name"),
  policyNumber: translatable("Policy number"),
  fulfilmentHeading: translatable("Delivery or pick up"),
  delivery: translatable("Delivery"),
  pickup: translatable("Pick up"),
  deliveryOnly: translatable("This listing is delivered to you."),
  pickupOnly: translatable("You pick this listing up from the host."),
  deliveryStreet: translatable("Street address"),
  deliveryCity: translatable("City"),
  deliveryPostalCode: translatable("Postal code"),
  deliveryCountry: translatable("Country"),
  deliveryHint: translatable("The host sees the delivery address once the booking is confirmed."),
  // The host's side (the listing form).
  waiverTextLabel: translatable("Waiver text"),
  /** The listing form's hint under the waiver, its limit written in the page's `locale`. */
  waiverTextHint: (locale?: string): MessageDescriptor => {
    const max = WAIVER_TEXT_MAX.toLocaleString(intlLocale(locale));
    return msg`What guests must accept before they book (up to ${max} characters).`;
  },
  waiverTextRequired: translatable("Add the waiver's text that guests must accept, or turn off 'Waiver required'."),
} as const;

const COUNTRY_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(english.countries as Record<string, string | string[]>).map(([code, name]) => [code, Array.isArray(name) ? name[0]! : name]),
);

/** ISO 3166-1 alpha-2 countries with their English names, by name. */
export const COUNTRY_CHOICES: ReadonlyArray<{ code: string; name: string }> = Object.entries(COUNTRY_NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && Object.hasOwn(COUNTRY_NAMES, value);
}

/** The listing's requirements from its columns; null when it asks nothing at checkout. */
export function listingRequirements(space: {
  ageRestriction: number | null;
  licenseRequired: boolean;
  waiverRequired: boolean;
  waiverText: string | null;
  insuranceRequired?: boolean;
  deliveryAvailable?: boolean;
  deliveryFee?: number;
  pickupAvailable?: boolean;
}): ListingRequirements | null {
  const minimumAge = space.ageRestriction && space.ageRestriction > 0 ? space.ageRestriction : null;
  const insurance = space.insuranceRequired === true;
  const delivery = space.deliveryAvailable === true ? { feeMinor: Math.max(0, space.deliveryFee ?? 0) } : null;
  const pickup = space.pickupAvailable === true;
  const fulfilment = delivery || pickup ? { delivery, pickup } : null;
  if (minimumAge === null && !space.licenseRequired && !space.waiverRequired && !insurance && !fulfilment) return null;
  return { minimumAge, licence: space.licenseRequired, waiver: space.waiverRequired ? { text: space.waiverText?.trim() ? space.waiverText : null } : null, insurance, fulfilment };
}

/** What the guest's choices add to the price (ADR 0286, 0287): the protection's rate when bought, the delivery fee when chosen. */
export function extrasOf(needs: ListingRequirements | null, answers: RequirementAnswers, protectionBasisPoints: number): { protectionBasisPoints: number | null; deliveryFeeMinor: number } {
  return {
    protectionBasisPoints: needs?.insurance && answers.insurance?.kind === "protection" ? protectionBasisPoints : null,
    deliveryFeeMinor: needs?.fulfilment?.delivery && answers.fulfilment?.kind === "delivery" ? needs.fulfilment.delivery.feeMinor : 0,
  };
}

/** Basis points as the percentage people read ("8%", "12.5%"), in `locale`'s way when given ("8 %" in French). */
export function basisPointsText(basisPoints: number, locale?: string): string {
  if (!locale || locale === "en") return `${(basisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
  return new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** "YYYY-MM-DD" that is a day of the calendar, or null. */
function calendarDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null;
}

function shiftYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, "0")}${date.slice(4)}`;
}

/** Whole years from `birth` to `on` (both "YYYY-MM-DD"): a 29 February birthday comes on 1 March in other years. */
export function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * Checks what the guest gave against what the listing asks, for a booking from `start` to
 * `end` in the listing's `timeZone`: the age on the start's day, a licence valid through the
 * end's day, the waiver accepted. Fields the listing does not ask for are ignored. Either the
 * answers to store, or a message per field.
 */
export function checkRequirements(
  needs: ListingRequirements,
  given: Partial<Record<RequirementField, unknown>>,
  at: { start: Date; end: Date; now: Date; timeZone: string },
  /** The language of the messages with values (the age); English when left out. */
  _: Translate = inEnglish,
): { ok: true; answers: RequirementAnswers } | { ok: false; fields: Partial<Record<RequirementField, string>> } {
  const errors = REQUIREMENT_TEXT.errors;
  const fields: Partial<Record<RequirementField, string>> = {};
  const answers: RequirementAnswers = {};
  const today = todayIn(at.timeZone, at.now);
  const startDay = todayIn(at.timeZone, at.start);
  // The last day of use: a booking ending at midnight does not need the licence on the next day.
  const lastDay = todayIn(at.timeZone, new Date(Math.max(at.start.getTime(), at.end.getTime() - 1)));

  if (needs.minimumAge !== null) {
    const birth = calendarDate(given.dateOfBirth);
    if (blank(given.dateOfBirth)) fields.dateOfBirth = errors.dateOfBirthRequired;
    else if (!birth) fields.dateOfBirth = errors.dateOfBirthInvalid;
    else if (birth > today) fields.dateOfBirth = errors.dateOfBirthFuture;
    else if (birth < shiftYears(today, -OLDEST_AGE)) fields.dateOfBirth = errors.dateOfBirthTooOld;
    else if (ageOn(birth, startDay) < needs.minimumAge) fields.dateOfBirth = errors.underAge(needs.minimumAge, _);
    else answers.dateOfBirth = birth;
  }

  if (needs.licence) {
    const number = typeof given.licenceNumber === "string" ? given.licenceNumber.trim().replace(/\s+/g, " ") : null;
    if (blank(given.licenceNumber)) fields.licenceNumber = errors.licenceNumberRequired;
    else if (number === null || number.length > LICENCE_NUMBER_MAX || !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(number)) fields.licenceNumber = errors.licenceNumberInvalid;
    const country = typeof given.licenceCountry === "string" ? given.licenceCountry.trim().toUpperCase() : "";
    if (!isCountryCode(country)) fields.licenceCountry = errors.licenceCountry;
    const expiry = calendarDate(given.licenceExpiry);
    if (blank(given.licenceExpiry)) fields.licenceExpiry = errors.licenceExpiryRequired;
    else if (!expiry) fields.licenceExpiry = errors.licenceExpiryInvalid;
    else if (expiry > shiftYears(today, LICENCE_YEARS_AHEAD)) fields.licenceExpiry = errors.licenceExpiryTooFar;
    else if (expiry < lastDay) fields.licenceExpiry = errors.licenceExpired;
    if (!fields.licenceNumber && !fields.licenceCountry && !fields.licenceExpiry) answers.licence = { number: number!, country, expiry: expiry! };
  }

  if (needs.waiver) {
    if (needs.waiver.text === null) fields.waiverAccepted = errors.waiverMissing;
    else if (given.waiverAccepted !== true) fields.waiverAccepted = errors.waiverNotAccepted;
    else answers.waiver = { text: needs.waiver.text };
  }

  if (needs.insurance) {
    if (given.insurance === "protection") answers.insurance = { kind: "protection" };
    else if (given.insurance === "own") {
      const insurerName = text(given.insurerName);
      const policyNumber = text(given.policyNumber);
      if (blank(given.insurerName)) fields.insurerName = errors.insurerNameRequired;
      else if (insurerName === null || insurerName.length > INSURER_NAME_MAX) fields.insurerName = errors.insurerNameInvalid;
      if (blank(given.policyNumber)) fields.policyNumber = errors.policyNumberRequired;
      else if (policyNumber === null || policyNumber.length > POLICY_NUMBER_MAX || !/^[A-Za-z0-9][A-Za-z0-9 /-]*$/.test(policyNumber)) fields.policyNumber = errors.policyNumberInvalid;
      if (!fields.insurerName && !fields.policyNumber) answers.insurance = { kind: "own", insurerName: insurerName!, policyNumber: policyNumber! };
    } else fields.insurance = errors.insuranceChoice;
  }

  // Delivery or pickup: asked when the listing offers either; a delivery asked of a listing without it is refused.
  const offer = needs.fulfilment;
  const chosen = chosenFulfilment(offer, given.fulfilment);
  if (chosen === "delivery" && !offer?.delivery) fields.fulfilment = errors.deliveryNotOffered;
  else if (chosen === "pickup" && offer && !offer.pickup) fields.fulfilment = errors.pickupNotOffered;
  else if (offer && chosen !== "delivery" && chosen !== "pickup") fields.fulfilment = errors.fulfilmentChoice;
  else if (offer && chosen === "pickup") answers.fulfilment = { kind: "pickup" };
  else if (offer && chosen === "delivery") {
    const street = text(given.deliveryStreet);
    const city = text(given.deliveryCity);
    const postalCode = text(given.deliveryPostalCode);
    const country = typeof given.deliveryCountry === "string" ? given.deliveryCountry.trim().toUpperCase() : "";
    if (blank(given.deliveryStreet)) fields.deliveryStreet = errors.deliveryStreetRequired;
    else if (street === null || street.length > DELIVERY_LIMITS.street) fields.deliveryStreet = errors.deliveryStreetInvalid;
    if (blank(given.deliveryCity)) fields.deliveryCity = errors.deliveryCityRequired;
    else if (city === null || city.length > DELIVERY_LIMITS.city) fields.deliveryCity = errors.deliveryCityInvalid;
    if (blank(given.deliveryPostalCode)) fields.deliveryPostalCode = errors.deliveryPostalCodeRequired;
    else if (postalCode === null || postalCode.length > DELIVERY_LIMITS.postalCode || !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(postalCode)) fields.deliveryPostalCode = errors.deliveryPostalCodeInvalid;
    if (!isCountryCode(country)) fields.deliveryCountry = errors.deliveryCountry;
    if (!fields.deliveryStreet && !fields.deliveryCity && !fields.deliveryPostalCode && !fields.deliveryCountry) {
      answers.fulfilment = { kind: "delivery", address: { street: street!, city: city!, postalCode: postalCode!, country } };
    }
  }

  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, answers };
}

/** The guest's choice of delivery or pickup: what they sent, or the only one the listing offers when it offers one. */
export function chosenFulfilment(offer: ListingRequirements["fulfilment"], given: unknown): unknown {
  if (given !== undefined && given !== null && given !== "") return given;
  if (!offer || (offer.delivery && offer.pickup)) return null;
  return offer.delivery ? "delivery" : "pickup";
}

/** What the guest's choices in the step add to the price, before the server checks them (the widget's figures). */
export function chosenExtras(needs: ListingRequirements | null, given: { insurance?: unknown; fulfilment?: unknown }, protectionBasisPoints: number | null): { protectionBasisPoints: number | null; deliveryFeeMinor: number } {
  const delivery = needs?.fulfilment?.delivery && chosenFulfilment(needs.fulfilment, given.fulfilment) === "delivery" ? needs.fulfilment.delivery.feeMinor : 0;
  return { protectionBasisPoints: needs?.insurance && given.insurance === "protection" ? protectionBasisPoints : null, deliveryFeeMinor: delivery };
}

/** A string field trimmed with its inner runs of spaces made one; null when it is not a string. */
function text(value: unknown): string | null {
  return typeof value === "string" ? value.trim().replace(/\s+/g, " ") : null;
}

/**
 * The booking's page, where both sides see what the guest gave at checkout: for a confirmed
 * or completed booking with a requirements row, when no handover link leads there already.
 */
export function requirementsHref(booking: { id: string; status: string }, given: boolean, handoverHref: string | null | undefined): string | null {
  if (!given || handoverHref) return null;
  return booking.status === "confirmed" || booking.status === "completed" ? `/bookings/${booking.id}` : null;
}

export const REQUIREMENTS_LINK = translatable("Checkout details");

/** The requirement fields of a request body, for its Idempotency-Key hash; none when it sends none. */
export function requirementFieldsOf(body: Partial<Record<RequirementField, unknown>>): unknown[] {
  const sent = REQUIREMENT_FIELDS.filter((field) => body[field] !== undefined);
  return sent.length === 0 ? [] : [Object.fromEntries(sent.map((field) => [field, body[field]]))];
}
