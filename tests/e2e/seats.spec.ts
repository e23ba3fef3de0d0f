import fs from "node:fs";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Seats (issue #26 point 4): a 3-seat booking leaves the right seats. The demo data's
 * Santorini Caldera Sunset Sail sells 12 seats per five-hour session (seed/data/listings-intl.ts).
 * Guest A picks a session in the weekly grid, chooses 3 in the Seats select and pays with
 * 4242; guest B then opens the space page in another browser, picks the same session and
 * reads '9 seats free at this time', and cannot choose 10 seats.
 *
 * Each browser width books its own week (desktop weeks 3–5 from now, phone weeks 9–11,
 * moved on by `--repeat-each`), so the journeys never meet.
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

function grid(page: Page) {
  return page.getByRole("region", { name: "Weekly availability" });
}

/** The grid cell for `hour` (the listing's time) on the `dayIndex`-th day (0 = Monday) of the week shown. */
function cell(page: Page, dayIndex: number, hour: string) {
  return grid(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: hour, exact: true }) }).getByRole("button").nth(dayIndex);
}

function seatsSelect(page: Page) {
  return page.getByTestId("booking-widget").getByLabel("Seats", { exact: true });
}

async function openWeek(page: Page, weeks: number) {
  await page.goto(SPACE_PATH);
  await expect(page.getByTestId("booking-widget")).toBeVisible();
  await expect(page.getByTestId("booking-widget")).not.toHaveAttribute("aria-busy", "true");
  for (let week = 0; week < weeks; week += 1) {
    const range = await grid(page).getByTestId("week-range").textContent();
    await grid(page).getByRole("button", { name: "Next week" }).click();
    await expect(grid(page).getByTestId("week-range")).not.toHaveText(range ?? "");
  }
}

async function pickSession(page: Page, dayIndex: number, hour: string) {
  const target = cell(page, dayIndex, hour);
  await expect(target).toBeEnabled();
  await target.click();
  await expect(target).toHaveAttribute("aria-pressed", "true");
}

/** A screenshot of the booking panel and one of the whole page into /work/shots/seats/<name>-<width>[-page].png. */
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.getByRole("region", { name: "Booking", exact: true }).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-page.png`, fullPage: true });
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole("form", { name: "Card details" });
  await expect(form).toBeVisible();
  await form.getByLabel("Card number").fill("");
  await form.getByLabel("Card number").pressSequentially(number.replace(/ /g, ""));
  await expect(form.getByLabel("Card number")).toHaveValue(number);
  await form.getByLabel("Expiry (MM / YY)").fill("");
  await form.getByLabel("Expiry (MM / YY)").pressSequentially("1230");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Seats Guest");
  return form;
}

/** A second guest in a browser of their own, at the project's width. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.name === "phone" ? { width: 390, height: 844 } : viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  });
  return context.newPage();
}

test.describe("seats", () => {
  test("guest A books 3 of 12 seats; guest B sees 9 seats free at that time and cannot choose 10", async ({ page, browser }, testInfo) => {
    const weeks = weeksAhead(testInfo);
    const day = 2; // Wednesday
    const hour = "10:00";

    // Guest A: 3 seats through the widget.
    await signUp(page, uniqueEmail(`seats-a-${testInfo.project.name}`), PASSWORD);
    await openWeek(page, weeks);
    await expect(seatsSelect(page)).toBeVisible();
    await expect(page.getByText("Up to 12 seats")).toBeVisible();
    await pickSession(page, day, hour);
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
    const other = await otherBrowser(browser, testInfo);
    await signUp(other, uniqueEmail(`seats-b-${testInfo.project.name}`), PASSWORD);
    await openWeek(other, weeks);
    await pickSession(other, day, hour);
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await expect(seatsSelect(other).locator("option", { hasText: /^9 seats$/ })).toBeEnabled();
    await expect(seatsSelect(other).locator("option", { hasText: /^10 seats$/ })).toBeDisabled();
    await expect(seatsSelect(other).locator("option", { hasText: /^12 seats$/ })).toBeDisabled();
    await expect(seatsSelect(other)).toHaveValue("1");
    await seatsSelect(other).selectOption({ label: "9 seats" });
    await expect(other.getByLabel("Booking summary")).toContainText("Rental (5 hours × 9 seats)");
    // Another session the same day is untouched.
    await pickSession(other, day, "11:00");
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await pickSession(other, day, "16:00");
    await expect(other.getByText("12 seats free at this time")).toBeVisible();
    await pickSession(other, day, hour);
    await expect(other.getByText("9 seats free at this time")).toBeVisible();
    await shot(other, "b-nine-free");
    await other.context().close();
  });
});
