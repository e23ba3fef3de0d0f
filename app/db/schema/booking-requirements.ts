import { sql } from "drizzle-orm";
import { check, date, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a guest gave at checkout for the listing's requirements (issue #28 point 3, ADR 0279),
 * written with the booking in the slot transaction's statement: the date of birth (a minimum
 * age), the driving licence, and the waiver as accepted (a copy of the listing's text at that
 * moment), when and from which address. A column is null when the listing did not ask for it.
 */
export const bookingRequirements = pgTable(
  "booking_requirements",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    licenceNumber: text("licence_number"),
    /** ISO 3166-1 alpha-2. */
    licenceCountry: text("licence_country"),
    licenceExpiry: date("licence_expiry", { mode: "string" }),
    waiverText: text("waiver_text"),
    waiverAcceptedAt: ts("waiver_accepted_at"),
    waiverAcceptedIp: text("waiver_accepted_ip"),
    /** Insurance required (ADR 0286): 'own' cover (insurer and policy number) or the platform's 'protection'. */
    insurance: text("insurance", { enum: ["own", "protection"] }),
    insurerName: text("insurer_name"),
    policyNumber: text("policy_number"),
    /** Delivery or pickup (ADR 0287), with the delivery address (country: ISO 3166-1 alpha-2). */
    fulfilment: text("fulfilment", { enum: ["delivery", "pickup"] }),
    deliveryStreet: text("delivery_street"),
    deliveryCity: text("delivery_city"),
    deliveryPostalCode: text("delivery_postal_code"),
    deliveryCountry: text("delivery_country"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /**
     * When the guest's account was deleted (ADR 0290): the personal fields are null from then
     * on; the waiver's text and time, the insurance and fulfilment choices stay.
     */
    erasedAt: ts("erased_at"),
  },
  (t) => [
    check(
      "booking_requirements_licence_check",
      sql`(${t.licenceNumber} is null) = (${t.licenceCountry} is null) and (${t.licenceNumber} is null) = (${t.licenceExpiry} is null)`,
    ),
    check("booking_requirements_licence_number_check", sql`char_length(${t.licenceNumber}) between 1 and 40`),
    check("booking_requirements_licence_country_check", sql`${t.licenceCountry} ~ '^[A-Z]{2}$'`),
    check("booking_requirements_waiver_check", sql`(${t.waiverText} is null) = (${t.waiverAcceptedAt} is null) and char_length(${t.waiverText}) <= 10000`),
    check("booking_requirements_waiver_ip_check", sql`char_length(${t.waiverAcceptedIp}) <= 64`),
    check(
      "booking_requirements_insurance_check",
      sql`${t.insurance} is null or (${t.insurance} = 'own' and ((${t.insurerName} is not null and ${t.policyNumber} is not null) or ${t.erasedAt} is not null)) or (${t.insurance} = 'protection' and ${t.insurerName} is null and ${t.policyNumber} is null)`,
    ),
    check("booking_requirements_insurer_check", sql`char_length(${t.insurerName}) between 1 and 100 and char_length(${t.policyNumber}) between 1 and 60`),
    check(
      "booking_requirements_fulfilment_check",
      sql`${t.fulfilment} is null or (${t.fulfilment} = 'pickup' and ${t.deliveryStreet} is null) or (${t.fulfilment} = 'delivery' and ((${t.deliveryStreet} is not null and ${t.deliveryCity} is not null and ${t.deliveryPostalCode} is not null and ${t.deliveryCountry} ~ '^[A-Z]{2}$') or ${t.erasedAt} is not null))`,
    ),
    check(
      "booking_requirements_erased_check",
      sql`${t.erasedAt} is null or (${t.dateOfBirth} is null and ${t.licenceNumber} is null and ${t.waiverAcceptedIp} is null and ${t.insurerName} is null and ${t.policyNumber} is null and ${t.deliveryStreet} is null and ${t.deliveryCity} is null and ${t.deliveryPostalCode} is null and ${t.deliveryCountry} is null)`,
    ),
    check(
      "booking_requirements_delivery_address_check",
      sql`char_length(${t.deliveryStreet}) between 1 and 200 and char_length(${t.deliveryCity}) between 1 and 100 and char_length(${t.deliveryPostalCode}) between 1 and 20`,
    ),
  ],
);
