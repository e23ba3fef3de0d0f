import type { Browser, Page, TestInfo } from "@playwright/test";
import { listingId } from "#tests/e2e/support/bookings";
import { expect, runJob, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Money out (issue #13): a host connects a built-in payout account (saved half done,
 * then finished), a guest books and pays, the payout job runs past the release (24 h
 * after the booking ends, on the test clock), and the host sees the payout paid. A
 * cancellation before the policy's limit refunds the guest and pays the host nothing.
 * Each journey uses the fixture host's own new listing, so they never meet.
 */
const SHOTS = "/tmp/shots-payouts";
const HOUR = 3_600_000;

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function guestPage(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: testInfo.project.name === "phone" ? { width: 390, height: 844 } : viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  const page = await context.newPage();
  await signUp(page, uniqueEmail("payout-guest"), "payout-guest-pw-2026");
  return page;
}

/** Books and pays the 10:00 slot on Tuesday `weeks` weeks ahead; returns when the booking ends. */
async function bookAndPay(page: Page, path: string, weeks: number): Promise<Date> {
  await page.goto(path);
  const grid = page.getByRole("region", { name: "Weekly availability" });
  for (let week = 0; week < weeks; week += 1) {
    const range = await grid.getByTestId("week-range").textContent();
    await grid.getByRole("button", { name: "Next week" }).click();
    await expect(grid.getByTestId("week-range")).not.toHaveText(range ?? "");
  }
  const slot = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "10:00", exact: true }) }).getByRole("button").nth(1);
  await expect(slot).toBeEnabled();
  await slot.click();
  await expect(slot).toHaveAttribute("aria-pressed", "true");
  const start = new Date(await page.getByLabel("Start time").inputValue());
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const form = page.getByRole("form", { name: "Card details" });
  await form.getByLabel("Card number").pressSequentially("4242424242424242");
  await form.getByLabel("Expiry (MM / YY)").pressSequentially("1230");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Payout Guest");
  await form.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  return new Date(start.getTime() + HOUR);
}

// A journey runs the payouts job at its own later clock on its own listing only (runJob's
// spaceId): other journeys' bookings and payouts wait for the real time.
test.describe("payouts", () => {
  test("a host connects a payout account (half done, then complete), a guest pays, and after release the host sees the payout paid", async ({ page, host, browser }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto("/dashboard");
    const payouts = page.getByRole("region", { name: "Payouts" });
    await expect(payouts.getByText("Not connected")).toBeVisible();
    await shot(page, "dashboard-not-connected");
    await expect(payouts.getByRole("button", { name: "Connect payout account" })).toBeEnabled();
    await payouts.getByRole("button", { name: "Connect payout account" }).click();

    await expect(page.getByRole("heading", { name: "Payout account" })).toBeVisible();
    await page.getByLabel("Account holder").fill("Fixture Host");
    await page.getByLabel("Bank country").selectOption("US");
    await page.getByLabel("Payout currency").selectOption("USD");
    await page.getByLabel("Routing number (US)").fill("110000001");
    await expect(page.getByRole("button", { name: "Finish", exact: true })).toBeEnabled();
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    // Check digits are checked before anything is stored.
    await expect(page.getByText("Enter a valid 9-digit routing number")).toBeVisible();
    await expect(page.getByText("Enter the account number (4 to 17 digits)")).toBeVisible();
    await shot(page, "onboarding-errors");
    await page.getByLabel("Routing number (US)").fill("110000000");
    await page.getByRole("button", { name: "Save and finish later" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Your bank details are saved. Finish onboarding to receive payouts.")).toBeVisible();
    await expect(payouts.getByText("Onboarding not finished")).toBeVisible();
    await payouts.getByRole("button", { name: "Finish onboarding" }).click();
    await expect(page.getByLabel("Routing number (US)")).toHaveValue("110000000");
    await page.getByLabel("Account number (US)").fill("000123456789");
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Your payout account is connected.", { exact: false })).toBeVisible();
    await expect(payouts.getByText("Connected", { exact: true })).toBeVisible();
    await expect(payouts).toContainText("account ending 6789");
    await shot(page, "dashboard-connected");

    const guest = await guestPage(browser, testInfo);
    const end = await bookAndPay(guest, host.listing.path, testInfo.project.name === "phone" ? 3 : 2);
    await guest.context().close();

    // The payout is listed with its booking. (The held "Pending" state is asserted in payouts.int.test.ts.)
    await page.goto("/payouts");
    const item = page.getByTestId("payout-item").filter({ hasText: host.listing.title });
    await expect(item).toContainText("$42.50");
    // The payout job past the release, on this listing: over every listing it would complete other journeys' upcoming bookings.
    await runJob(page, "payouts", new Date(end.getTime() + 24 * HOUR + 60_000), { spaceId: await listingId(page, host.listing.title) });
    await page.goto("/payouts");
    await expect(item.getByText("Paid", { exact: true })).toBeVisible();
    await expect(item).toContainText("banks take 3-5 business days");
    await shot(page, "payouts-paid");
    await page.goto("/dashboard");
    // A table on wide screens, one block per currency on phones: the paid figure is in view either way.
    await expect(page.getByRole("region", { name: "Payouts" }).getByText("$42.50", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Payouts" }).getByRole("link", { name: "See all payouts" })).toHaveAttribute("href", "/payouts");
  });

  test("a cancellation before the policy limit refunds the guest and pays the host nothing", async ({ page, host, browser }, testInfo) => {
    test.setTimeout(90_000);
    const guest = await guestPage(browser, testInfo);
    await bookAndPay(guest, host.listing.path, testInfo.project.name === "phone" ? 5 : 4);
    await guest.goto("/my-bookings");
    const booking = guest.getByRole("listitem").filter({ hasText: host.listing.title });
    await expect(booking.getByRole("button", { name: "Cancel booking" })).toBeEnabled();
    await booking.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = guest.getByRole("dialog", { name: "Cancel booking" });
    await expect(dialog.getByTestId("refund-quote")).toHaveText("You will be refunded $42.50.");
    await dialog.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(booking.getByTestId("refund")).toHaveText("Refund $42.50. Refunds take 5-7 business days.");
    await guest.context().close();

    // No job run here: the job's side of a cancellation is in payouts.int.test.ts.
    await page.goto("/payouts");
    const item = page.getByTestId("payout-item").filter({ hasText: host.listing.title });
    await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(item).toContainText("$0.00");
    await expect(item).toContainText("nothing is paid out");
    await expect(page.getByText("No earnings yet. They show here once a guest books one of your listings.")).toBeVisible();
    await shot(page, "payouts-cancelled");
  });
});
