import type { Page } from "@playwright/test";
import fs from "node:fs";
import { fillCard, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { createListing, expect, pageAtProjectWidth, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Checkout requirements from the listing (issue #28 point 3, ADR 0279). A host (fixture)
 * publishes a quad-bike ride with a minimum age of 21, a driving licence and a waiver. A
 * guest under 21 is refused at checkout, next to the date of birth, and by the server too; a
 * guest of age whose licence expires too soon is told so, gives a valid one, accepts the
 * waiver (from the keyboard), books and pays, and sees the acceptance on the booking's page,
 * as the host does on theirs with the licence.
 */
const PASSWORD = "requirements-journey-pw-2026";
const SHOTS = process.env.REQUIREMENTS_SHOTS ?? "/work/screens/requirements";
const WAIVER = "I ride at my own risk and wear the helmet provided at all times.\nI return the quad with a full tank.";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** The booking panel (checkout), or the whole page from its top, into SHOTS/<name>-<width>.png. */
async function shot(page: Page, name: string, panel = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`;
  if (panel) {
    await page.getByRole("region", { name: "Booking", exact: true }).screenshot({ path });
    return;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** A date of birth `years` years and a few months before today (UTC), as YYYY-MM-DD. */
function bornYearsAgo(years: number) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years, date.getUTCMonth() - 3, 1);
  return date.toISOString().slice(0, 10);
}

test("a guest under the age limit is refused; a guest who accepts the waiver books, and both sides see the acceptance", async ({ page, user: _host, browser }, testInfo) => {
  test.setTimeout(120_000);
  const ride = await createListing(page, `Quad trail ride ${testInfo.project.name} ${Date.now().toString(36)}`, {
    description: "Two hours on the ranch trails.",
    rentalType: "experience",
    type: "atv-dirtbike",
    capacity: "1",
    amenities: "Helmet, Goggles",
    ageRestriction: "21",
    licenseRequired: "on",
    waiverRequired: "on",
    waiverText: WAIVER,
  });
  const weeks = testInfo.project.name === "phone" ? 3 : 2;

  // A guest of 19 picks a time and continues: checkout asks for the date of birth, the licence and the waiver.
  const young = await pageAtProjectWidth(browser, testInfo, { extraHTTPHeaders: { "X-Forwarded-For": "198.18.40.19" } });
  await signUp(young, uniqueEmail(`young-${testInfo.project.name}`), PASSWORD);
  const busy = young.waitForRequest(/\/api\/spaces\/[0-9a-f-]+\/busy/);
  await openWeek(young, ride.path, weeks);
  const spaceId = /\/api\/spaces\/([0-9a-f-]+)\/busy/.exec((await busy).url())![1]!;
  await pickSlot(young, 2, "14:00");
  await young.getByRole("button", { name: "Continue to Payment" }).click();
  const step = young.getByTestId("requirements-step");
  await expect(step.getByRole("heading", { name: "Before you pay" })).toBeVisible();
  await expect(step.getByRole("region", { name: "Waiver text" })).toContainText("I ride at my own risk");
  await step.getByLabel("Date of birth").fill(bornYearsAgo(19));
  await step.getByLabel("Driving licence number").fill("Y1234567");
  await step.getByLabel("Issuing country").selectOption("US");
  await step.getByLabel("Licence expiry date").fill(`${new Date().getUTCFullYear() + 5}-01-31`);
  await step.getByRole("checkbox", { name: "I accept the waiver" }).check();
  await step.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(step.getByText("You must be at least 21 to book this listing.")).toBeVisible();
  await expect(step.getByLabel("Date of birth")).toBeFocused();
  await expect(step.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await expect(young.getByTestId("payment-step")).toHaveCount(0);
  await shot(young, "refused-under-age", true);
  // The server refuses it too, whatever the page does, and nothing is held.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 7 * weeks + 3);
  start.setUTCHours(15, 0, 0, 0);
  const direct = await young.request.post("/api/bookings/payment-intent", {
    data: {
      spaceId,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      duration: 1,
      pricingUnit: "hour",
      amount: 4675,
      currency: "USD",
      dateOfBirth: bornYearsAgo(19),
      licenceNumber: "Y1234567",
      licenceCountry: "US",
      licenceExpiry: `${new Date().getUTCFullYear() + 5}-01-31`,
      waiverAccepted: true,
    },
  });
  expect(direct.status()).toBe(422);
  expect(await direct.json()).toMatchObject({ fields: { dateOfBirth: "You must be at least 21 to book this listing." } });
  await young.context().close();

  // A guest of 30 gives their date of birth and a licence that expires today, forgets the waiver; then a valid licence, the waiver accepted from the keyboard, and pays.
  const guest = await pageAtProjectWidth(browser, testInfo, { extraHTTPHeaders: { "X-Forwarded-For": "198.18.40.30" } });
  await signUp(guest, uniqueEmail(`adult-${testInfo.project.name}`), PASSWORD);
  await openWeek(guest, ride.path, weeks);
  await pickSlot(guest, 2, "14:00");
  await guest.getByRole("button", { name: "Continue to Payment" }).click();
  const form = guest.getByTestId("requirements-step");
  await form.getByLabel("Date of birth").fill(bornYearsAgo(30));
  await form.getByLabel("Driving licence number").fill("SMITH 901029 JJ9");
  await form.getByLabel("Issuing country").selectOption({ label: "United Kingdom" });
  await form.getByLabel("Licence expiry date").fill(new Date().toISOString().slice(0, 10));
  await form.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(form.getByText("Your driving licence must be valid until the end of the booking.")).toBeVisible();
  await expect(form.getByText("Accept the waiver to book this listing.")).toBeVisible();
  await expect(form.getByLabel("Licence expiry date")).toBeFocused();
  await shot(guest, "licence-expired-waiver-not-accepted", true);
  await form.getByLabel("Licence expiry date").fill(`${new Date().getUTCFullYear() + 3}-06-30`);
  await expect(form.getByText("Your driving licence must be valid until the end of the booking.")).toHaveCount(0);
  const accept = form.getByRole("checkbox", { name: "I accept the waiver" });
  await accept.focus();
  await guest.keyboard.press("Space");
  await expect(accept).toBeChecked();
  await expect(form.getByText("Accept the waiver to book this listing.")).toHaveCount(0);
  await shot(guest, "requirements-filled", true);
  const held = guest.waitForResponse((response) => response.url().endsWith("/api/bookings/payment-intent"));
  await form.getByRole("button", { name: "Continue to Payment" }).click();
  const { bookingId } = (await (await held).json()) as { bookingId: string };
  const card = await fillCard(guest, "4242 4242 4242 4242");
  await card.getByRole("button", { name: /^Pay / }).click();
  await expect(guest.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

  // The guest's booking page, from My bookings: the waiver as accepted, when and from where.
  await guest.goto("/my-bookings");
  await guest.getByRole("listitem").filter({ hasText: ride.title }).getByRole("link", { name: "Checkout details" }).click();
  await expect(guest).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
  const mine = guest.getByTestId("booking-requirements");
  await expect(mine.getByRole("heading", { name: "What you gave at checkout" })).toBeVisible();
  await expect(mine.getByTestId("booking-waiver")).toContainText("from 198.18.40.30");
  await mine.getByText("The waiver as accepted").click();
  await expect(mine).toContainText("I return the quad with a full tank.");
  await shot(guest, "guest-booking-page");

  // The host's, from the dashboard: the age met and the acceptance, not the date of birth.
  await page.goto("/dashboard");
  await page.getByRole("listitem").filter({ hasText: ride.title }).getByRole("link", { name: "Checkout details" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
  const theirs = page.getByTestId("booking-requirements");
  await expect(theirs.getByRole("heading", { name: "What the guest gave at checkout" })).toBeVisible();
  await expect(theirs.getByTestId("booking-waiver")).toContainText("from 198.18.40.30");
  await expect(theirs).toContainText("Age on the first day");
  await expect(theirs.getByTestId("booking-licence")).toContainText("SMITH 901029 JJ9 · United Kingdom · valid until 30 Jun");
  await expect(theirs).not.toContainText("Date of birth");
  await shot(page, "host-booking-page");
});
