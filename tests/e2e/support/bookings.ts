import type { Browser, Page, TestInfo } from "@playwright/test";
import { quoteBooking } from "~/features/bookings/pricing";
import { expect, PASSWORD, signUp, uniqueEmail } from "#tests/e2e/support/fixtures";

/** Bookings made as the widget makes them, for journeys about what happens after (cancel, move). */

const HOURLY_MINOR = 4250; // createListing's $42.50 an hour

/** A second signed-in browser (its own client address, as the fixtures give each journey). */
export async function newMember(browser: Browser, testInfo: TestInfo, label: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` },
    ...(testInfo.project.name === "phone" ? { viewport: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  const email = uniqueEmail(`${label}-${testInfo.project.name}`);
  await signUp(page, email, PASSWORD);
  return { context, page, email };
}

/** The id of the signed-in host's listing, from its Edit link on /my-listings. */
export async function listingId(page: Page, title: string) {
  await page.goto("/my-listings");
  const href = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  return href!.split("/").pop()!;
}

/** Holds and pays one hour of the listing `daysAhead` days from now, at `hour`:00 UTC; returns the booking id. */
export async function bookThroughApi(page: Page, spaceId: string, daysAhead: number, hour = 15): Promise<string> {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + daysAhead);
  start.setUTCHours(hour, 0, 0, 0);
  const amount = quoteBooking({ unitPriceMinor: HOURLY_MINOR, quantity: 1, feePercent: 10, currency: "USD" }).totalMinor;
  const hold = await page.request.post("/api/bookings/payment-intent", {
    data: { spaceId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), duration: 1, pricingUnit: "hour", amount, currency: "USD" },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  const { clientSecret, bookingId } = (await hold.json()) as { clientSecret: string; bookingId: string };
  const paid = await page.request.post("/api/payments/confirm", {
    data: { clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Journey Guest" } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(bookingId).toMatch(/^[0-9a-f-]{36}$/);
  return bookingId;
}

