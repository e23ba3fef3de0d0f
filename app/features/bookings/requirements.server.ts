import { eq } from "drizzle-orm";
import { bookingRequirements } from "~/db/schema/booking-requirements";
import type { Db } from "~/lib/db.server";
import { ageOn, countryName } from "./requirements";

/**
 * What a booking's guest gave for the listing's checkout requirements (issue #28 point 3,
 * ADR 0279), as its booking page shows it: the guest sees all they gave; the host sees the
 * licence, the age met (not the date of birth) and the waiver's acceptance only once the
 * booking is confirmed (confirmed, completed or disputed; not pending, not cancelled).
 * The page's loader has already decided that the viewer is one of the two.
 */
export type BookingRequirementsView = {
  /** The guest's own date of birth (the guest only). */
  dateOfBirth: string | null;
  /** The guest's age on the booking's start day, for the host's "at least" line. */
  ageAtStart: number | null;
  licence: { number: string; country: string; countryName: string; expiry: string } | null;
  waiver: { text: string; acceptedAt: string; acceptedIp: string | null } | null;
  /** Insurance required (ADR 0286): the guest's own cover (its details null once erased), or the platform's Protection bought. */
  insurance: { kind: "own"; cover: { insurerName: string; policyNumber: string } | null } | { kind: "protection" } | null;
  /** Delivery (with the address, which the host needs to deliver; null once erased) or pickup (ADR 0287). */
  fulfilment: { kind: "pickup" } | { kind: "delivery"; address: { street: string; city: string; postalCode: string; country: string; countryName: string } | null } | null;
  /** The guest deleted their account (ADR 0290): the personal details are erased, the choices and the waiver's acceptance stay. */
  erased: boolean;
};

const HOST_SEES = new Set(["confirmed", "completed", "disputed"]);

export async function loadBookingRequirements(
  db: Db,
  input: { bookingId: string; role: "guest" | "host"; status: string; startDay: string },
): Promise<BookingRequirementsView | null> {
  if (input.role === "host" && !HOST_SEES.has(input.status)) return null;
  const [row] = await db.select().from(bookingRequirements).where(eq(bookingRequirements.bookingId, input.bookingId));
  if (!row) return null;
  return {
    dateOfBirth: input.role === "guest" ? row.dateOfBirth : null,
    ageAtStart: row.dateOfBirth ? ageOn(row.dateOfBirth, input.startDay) : null,
    licence:
      row.licenceNumber && row.licenceCountry && row.licenceExpiry
        ? { number: row.licenceNumber, country: row.licenceCountry, countryName: countryName(row.licenceCountry), expiry: row.licenceExpiry }
        : null,
    waiver: row.waiverText && row.waiverAcceptedAt ? { text: row.waiverText, acceptedAt: row.waiverAcceptedAt.toISOString(), acceptedIp: row.waiverAcceptedIp } : null,
    insurance:
      row.insurance === "own"
        ? { kind: "own", cover: row.insurerName && row.policyNumber ? { insurerName: row.insurerName, policyNumber: row.policyNumber } : null }
        : row.insurance === "protection"
          ? { kind: "protection" }
          : null,
    fulfilment:
      row.fulfilment === "delivery"
        ? {
            kind: "delivery",
            address:
              row.deliveryStreet && row.deliveryCity && row.deliveryPostalCode && row.deliveryCountry
                ? { street: row.deliveryStreet, city: row.deliveryCity, postalCode: row.deliveryPostalCode, country: row.deliveryCountry, countryName: countryName(row.deliveryCountry) }
                : null,
          }
        : row.fulfilment === "pickup"
          ? { kind: "pickup" }
          : null,
    erased: row.erasedAt !== null,
  };
}
