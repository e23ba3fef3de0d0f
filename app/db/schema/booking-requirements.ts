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
    createdAt: ts("created_at").notNull().defaultNow(),
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
  ],
);
