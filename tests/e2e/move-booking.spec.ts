import type { Page } from "@playwright/test";
import { expect, test } from "#tests/e2e/support/fixtures";
import { bookThroughApi, listingId, newMember } from "#tests/e2e/support/bookings";

/**
 * A guest moves a booking three days later from /my-bookings (issue #26 point 7), at
 * desktop and phone widths, with the keyboard: 'Change time' opens a dialog, the date
 * and the start time are chosen, 'Move booking' moves it, and the row shows the new day.
 */
const SHOTS = "/work/shots/move";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** "YYYY-MM-DD", `days` from today (UTC, the listing's zone in these journeys). */
function dayFromNow(days: number) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "Tue, 1 Dec 2026" as the booking row writes a UTC date. */
function rowDate(date: string) {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T12:00:00Z`));
}

test("a guest moves a booking three days later", async ({ page: hostPage, host, browser }, testInfo) => {
  const spaceId = await listingId(hostPage, host.listing.title);
  const guest = await newMember(browser, testInfo, "move-guest");
  await bookThroughApi(guest.page, spaceId, 6);
  const page = guest.page;

  await page.goto("/my-bookings");
  const row = page.getByRole("listitem").filter({ hasText: host.listing.title });
  await expect(row).toContainText(rowDate(dayFromNow(6)));
  const change = row.getByRole("button", { name: "Change time" });
  await expect(change).toBeEnabled();

  // Keyboard: the dialog opens with Enter and its fields have labels.
  await change.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change the time" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("New date").fill(dayFromNow(9));
  const start = dialog.getByLabel("New start time");
  await expect(start.locator("option", { hasText: "15:00" })).toBeEnabled();
  await start.selectOption({ label: "15:00" });
  await shot(page, "dialog");
  await dialog.getByRole("button", { name: "Move booking" }).click();

  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`${rowDate(dayFromNow(9))}, 15:00 – 16:00`);
  await shot(page, "moved");
  await guest.context.close();
});

test("a guest makes a booking an hour longer and pays the difference", async ({ page: hostPage, host, browser }, testInfo) => {
  const spaceId = await listingId(hostPage, host.listing.title);
  const guest = await newMember(browser, testInfo, "longer-guest");
  await bookThroughApi(guest.page, spaceId, 7, 11);
  const page = guest.page;

  await page.goto("/my-bookings");
  const row = page.getByRole("listitem").filter({ hasText: `${rowDate(dayFromNow(7))}, 11:00 – 12:00` });
  await row.getByRole("button", { name: "Change time" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the time" });
  await dialog.getByLabel("Length").selectOption({ label: "2 hours" });
  // $42.50 an hour and a 10 % fee: $93.50 for two hours, the first payment of $46.75 refunded.
  await expect(dialog.getByTestId("change-difference")).toHaveText(
    "New total $93.50. You pay it now, and your payment of $46.75 is refunded in full as soon as the new payment goes through; until then your booking stays as it is.",
  );
  await dialog.getByLabel("New date").fill(dayFromNow(7));
  await dialog.getByLabel("New start time").selectOption({ label: "11:00" });
  await shot(page, "longer-dialog");
  await dialog.getByRole("button", { name: "Continue to payment" }).click();

  const form = dialog.getByRole("form", { name: "Card details" });
  await expect(dialog.getByTestId("payment-total")).toHaveText("$93.50");
  await form.getByLabel("Card number").pressSequentially("4242424242424242");
  await form.getByLabel("Expiry (MM / YY)").pressSequentially("1230");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Longer Guest");
  await shot(page, "longer-payment");
  await form.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

  await page.goto("/my-bookings");
  await expect(page.getByRole("listitem").filter({ hasText: `${rowDate(dayFromNow(7))}, 11:00 – 13:00` })).toContainText("Confirmed");
  const replaced = page.getByRole("listitem").filter({ hasText: `${rowDate(dayFromNow(7))}, 11:00 – 12:00` });
  await expect(replaced).toContainText("Cancelled");
  await expect(replaced).toContainText("Changed: replaced by your new booking");
  await expect(replaced).toContainText("Refund $46.75.");
  await shot(page, "longer-done");
  await guest.context.close();
});
