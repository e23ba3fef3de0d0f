import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { fillCard, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { expect, pageAtProjectWidth, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Seats (issue #26 point 4): a 3-seat booking leaves the right seats. The demo data's
 * Santorini Caldera Sunset Sail sells 12 seats per five-hour session (seed/data/listings-intl.ts).
 * Guest A picks a session in the weekly grid, chooses 3 in the Seats select and pays with
 * 4242; guest B then opens the space page in another browser, picks the same session and
 * reads '9 seats free at this time', and cannot choose 10 seats.
 *
 * Each browser width books its own week (desktop 3 weeks from now, the phone 9, each
 * moved on by one for every `--repeat-each` run), so the journeys never meet.
 */
const SPACE_PATH = "/space/santorini-caldera-sunset-sail/santorini";
const PASSWORD = "seats-journey-pw-2026";
const SHOTS = "/work/shots/seats";

test.beforeEach(async ({ page }, testInfo) => {
  // The phone width of the screenshots and journeys: 390 px.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

function weeksAhead(testInfo: TestInfo) {
  return (testInfo.project.name === "phone" ? 9 : 3) + testInfo.repeatEachIndex;
}

function seatsSelect(page: Page) {
  return page.getByTestId("booking-widget").getByLabel("Seats", { exact: true });
}

/** Screenshots of the booking panel and of the screen as the guest sees it: /work/shots/seats/<name>-<width>[-screen].png. */
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.getByRole("region", { name: "Booking", exact: true }).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  await seatsSelect(page).evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-screen.png` });
}

test.describe("seats", () => {
  test("guest A books 3 of 12 seats; guest B sees 9 seats free at that time and cannot choose 10", async ({ page, browser }, testInfo) => {
    const weeks = weeksAhead(testInfo);
    const day = 2; // Wednesday
    const hour = "10:00";

    // Guest A: 3 seats through the widget.
    await signUp(page, uniqueEmail(`seats-a-${testInfo.project.name}`), PASSWORD);
    await openWeek(page, SPACE_PATH, weeks);
    await expect(seatsSelect(page)).toBeVisible();
    await expect(page.getByText("Up to 12 seats")).toBeVisible();
    await pickSlot(page, day, hour);
    await expect(page.getByText("12 seats free at this time")).toBeVisible();
    await seatsSelect(page).selectOption({ label: "3 seats" });
    await expect(seatsSelect(page)).toHaveValue("3");
    const summary = page.getByLabel("Booking summary");
    // €120 an hour, five hours, three seats: €1,800 and the 10 % service fee.
    await expect(summary).toContainText("Rental (5 hours × 3 seats)");
    await expect(page.getByTestId("booking-total")).toHaveText(/1,980/);
    await shot(page, "a-three-seats");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const form = await fillCard(page, "4242 4242 4242 4242");
    await form.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/booking-confirmation\?payment_intent_client_secret=/);
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

    // Guest B, in another browser: the same session has 9 seats left.
    const other = await pageAtProjectWidth(browser, testInfo);
    await signUp(other, uniqueEmail(`seats-b-${testInfo.project.name}`), PASSWORD);
    await openWeek(other, SPACE_PATH, weeks);
    await pickSlot(other, day, hour);
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await expect(seatsSelect(other).locator("option", { hasText: /^9 seats$/ })).toBeEnabled();
    await expect(seatsSelect(other).locator("option", { hasText: /^10 seats$/ })).toBeDisabled();
    await expect(seatsSelect(other).locator("option", { hasText: /^12 seats$/ })).toBeDisabled();
    await expect(seatsSelect(other)).toHaveValue("1");
    await seatsSelect(other).selectOption({ label: "9 seats" });
    await expect(other.getByLabel("Booking summary")).toContainText("Rental (5 hours × 9 seats)");
    // Another session the same day is untouched.
    await pickSlot(other, day, "11:00");
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await pickSlot(other, day, "16:00");
    await expect(other.getByText("12 seats free at this time")).toBeVisible();
    await pickSlot(other, day, hour);
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await shot(other, "b-nine-free");
    await other.context().close();
  });
});
