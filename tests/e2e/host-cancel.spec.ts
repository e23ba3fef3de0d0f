import type { Page } from "@playwright/test";
import { createListing, expect, test } from "#tests/e2e/support/fixtures";
import { bookThroughApi, listingId, newMember } from "#tests/e2e/support/bookings";

/**
 * Host and admin cancellations (issue #25 point 5), at desktop and phone widths: a host
 * cancels a booking of their listing from /dashboard and the guest then sees it cancelled
 * with the full refund on /my-bookings; an admin finds a booking by id on /admin and
 * cancels it with a refund choice. Bookings are made through the booking API as the
 * widget makes them (hold, then pay with the test card), for a listing each test creates.
 */
const SHOTS = "/work/shots/cancel";
const TOTAL = "$46.75"; // one hour plus the 10 % service fee

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage });
}

test.describe("host cancellation", () => {
  test("a host cancels from /dashboard with a reason; the guest sees it cancelled with the full refund", async ({ page, host, browser }, testInfo) => {
    const spaceId = await listingId(page, host.listing.title);
    const guest = await newMember(browser, testInfo, "cancel-guest");
    await bookThroughApi(guest.page, spaceId, 6);

    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-host-cancellations").getByRole("definition")).toHaveText("0");
    const row = page.getByTestId("recent-booking").filter({ hasText: host.listing.title });
    await expect(row).toContainText("Confirmed");
    const cancel = row.getByRole("button", { name: new RegExp(`^Cancel booking: ${host.listing.title}`) });
    await expect(cancel).toBeEnabled();

    // Keyboard: Tab reaches the button, Enter opens the dialog with the focus inside, Escape closes it.
    await row.getByRole("button", { name: "Message guest" }).focus();
    await page.keyboard.press("Tab");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("host-cancel-refund")).toHaveText(`The guest will be refunded in full: ${TOTAL}, including the service fee.`);
    await dialog.getByRole("button", { name: "Cancel and refund guest" }).click();
    const reason = dialog.getByRole("textbox", { name: "Reason for cancelling" });
    await expect(dialog.getByText("Please give a reason for the cancellation")).toBeVisible();
    await expect(reason).toBeFocused();
    await shot(page, "dashboard-dialog-error");
    await reason.fill("A pipe burst in the studio; it is closed for repairs that week.");
    await shot(page, "dashboard-dialog");
    await dialog.getByRole("button", { name: "Cancel and refund guest" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("status")).toHaveText(`Booking cancelled. The guest is refunded ${TOTAL}.`);
    await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(row.getByTestId("recent-booking-cancellation")).toHaveText(`Cancelled by you · guest refunded ${TOTAL}`);
    await expect(page.getByTestId("stat-host-cancellations").getByRole("definition")).toHaveText("1");
    await shot(page, "dashboard-after", true);

    await guest.page.goto("/my-bookings");
    const item = guest.page.getByRole("listitem").filter({ hasText: host.listing.title });
    await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(item.getByTestId("refund")).toHaveText(`Refund ${TOTAL}. Refunds take 5-7 business days.`);
    await expect(item.getByTestId("cancelled-by")).toHaveText("Cancelled by the host: A pipe burst in the studio; it is closed for repairs that week.");
    await expect(item.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    await shot(guest.page, "my-bookings-host-cancelled");
    await guest.context.close();
  });
});

test.describe("admin cancellation", () => {
  test("an admin finds a booking by id, sees the host's cancellation count and cancels it with a refund choice", async ({ page, admin: _admin, browser }, testInfo) => {
    const host = await newMember(browser, testInfo, "admin-cancel-host");
    const listing = await createListing(host.page, `Admin cancel loft ${testInfo.project.name} ${Date.now().toString(36)}`);
    const spaceId = await listingId(host.page, listing.title);
    const guest = await newMember(browser, testInfo, "admin-cancel-guest");
    const bookingId = await bookThroughApi(guest.page, spaceId, 5);

    await page.goto("/admin");
    const lookup = page.getByRole("searchbox", { name: "Booking id" });
    await expect(lookup).toBeEnabled();
    await lookup.fill(bookingId);
    await lookup.press("Enter");
    const card = page.getByTestId("admin-booking");
    await expect(card).toContainText(listing.title);
    await expect(card).toContainText(guest.email);
    await expect(card.getByTestId("admin-host-cancellations")).toHaveText("Bookings this host cancelled: 0");
    await expect(card).toContainText(TOTAL);
    // The panel's heading just under the sticky header, then what the viewport shows.
    await page.getByRole("heading", { name: "Cancel a booking" }).evaluate((heading) => {
      heading.scrollIntoView({ block: "start" });
      window.scrollBy(0, -80);
    });
    await shot(page, "admin-panel");

    const cancel = card.getByRole("button", { name: "Cancel booking" });
    await cancel.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Cancel booking" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(dialog.getByRole("radio", { name: `Full refund: ${TOTAL}` })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "No refund: $0.00" })).toBeVisible();
    await dialog.getByRole("radio", { name: "No refund: $0.00" }).check();
    await dialog.getByRole("textbox", { name: "Reason (the guest and the host see it)" }).fill("Payment reported as fraudulent by the card issuer.");
    await shot(page, "admin-dialog");
    await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole("status")).toHaveText("Booking cancelled. The guest is refunded $0.00.");
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card).toContainText("an admin · Reason: Payment reported as fraudulent by the card issuer.");
    const logged = page.getByTestId("admin-log-row").filter({ hasText: listing.title }).first();
    await expect(logged).toContainText("Cancelled booking");
    await expect(logged).toContainText("Reason: Payment reported as fraudulent by the card issuer. — no refund, $0.00");
    await shot(page, "admin-after", true);

    await guest.page.goto("/my-bookings");
    const item = guest.page.getByRole("listitem").filter({ hasText: listing.title });
    await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(item.getByTestId("cancelled-by")).toHaveText("Cancelled by Rentwell: Payment reported as fraudulent by the card issuer.");
    await host.context.close();
    await guest.context.close();
  });
});
