import { describe, expect, it } from "vitest";
import { RULE_LIMITS } from "~/features/availability/schedule";
import { DURATION_LIMITS } from "~/features/bookings/pricing";
import { SEARCH_MESSAGES } from "./search-params";
import { MAX_AMENITIES } from "./search-links";

/** The search's messages are translatable literals (ADR 0294): the limits they name must be the rules' own. */
describe("SEARCH_MESSAGES", () => {
  it("names the limits the search applies", () => {
    expect(SEARCH_MESSAGES.dateFar).toBe(`Please pick a date within the next ${RULE_LIMITS.advance.max / 365} years`);
    expect(SEARCH_MESSAGES.endFar).toBe(`A search by the day can cover at most ${DURATION_LIMITS.day.max} days`);
    expect(SEARCH_MESSAGES.hours).toBe(`The duration must be between ${DURATION_LIMITS.hour.min} and ${DURATION_LIMITS.hour.max} hours`);
    expect(SEARCH_MESSAGES.guests).toBe(`Guests must be a whole number from 1 to ${RULE_LIMITS.quantity.max}`);
    expect(SEARCH_MESSAGES.amenities).toBe(`Pick at most ${MAX_AMENITIES} amenities`);
  });
});
