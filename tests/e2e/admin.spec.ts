import type { Page } from "@playwright/test";
import { monthLabel } from "~/features/admin/analytics";
import { createListing, expect, PASSWORD, test } from "#tests/e2e/support/fixtures";
import { bookThroughApi, listingId, newMember } from "#tests/e2e/support/bookings";

/**
 * The dashboard and the admin's platform analytics and moderation (issue #14 items 3–5),
 * at desktop and phone widths. Bookings are made through the booking API as the booking
 * widget makes them (hold, then pay with the test card), for a listing each test creates.
 */
const SHOTS = "/tmp/shots-admin";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}


test.describe("dashboard", () => {
  test("a host's dashboard shows the booking received, and the guest's their booking", async ({ page, host, browser }, testInfo) => {
    const spaceId = await listingId(page, host.listing.title);
    const guest = await newMember(browser, testInfo, "dash-guest");
    await bookThroughApi(guest.page, spaceId, 3, 10);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("stat-active-listings").getByRole("definition").first()).toHaveText("1");
    await expect(page.getByTestId("stat-bookings-received").getByRole("definition")).toHaveText("1");
    const row = page.getByTestId("recent-booking").filter({ hasText: host.listing.title });
    await expect(row).toContainText("Booked by a guest");
    await expect(row).toContainText("$42.50");
    await expect(row).toContainText("Confirmed");
    await expect(page.getByTestId("dashboard-listing").filter({ hasText: host.listing.title })).toBeVisible();
    for (const name of ["My Bookings", "My Listings", "My Profile", "List a Space"]) {
      await expect(page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name })).toBeVisible();
    }
    await shot(page, "dashboard-host");

    await guest.page.goto("/dashboard");
    await expect(guest.page.getByTestId("stat-bookings-made").getByRole("definition")).toHaveText("1");
    await expect(guest.page.getByTestId("stat-upcoming-bookings").getByRole("definition")).toHaveText("1");
    await expect(guest.page.getByTestId("recent-booking")).toContainText("You booked");
    await expect(guest.page.getByTestId("recent-booking")).toContainText("$46.75");
    await guest.context.close();
  });

  test("a new member's dashboard says 'No recent bookings'", async ({ page, user: _user }) => {
    await page.goto("/dashboard");
    await expect(page.getByText("No recent bookings")).toBeVisible();
    await expect(page.getByTestId("stat-bookings-made").getByRole("definition")).toHaveText("0");
    await shot(page, "dashboard-empty");
  });
});

test.describe("admin", () => {
  test("a normal user is sent away from /admin", async ({ page, user: _user }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    const refused = await page.request.post("/admin", { form: { intent: "suspend_user", targetId: crypto.randomUUID(), reason: "no" }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
  });

  test("an admin sees the analytics with a non-zero fee table, unpublishes a listing and suspends a user", async ({ page, admin: _admin, browser }, testInfo) => {
    const host = await newMember(browser, testInfo, "mod-host");
    const listing = await createListing(host.page, `Moderated loft ${testInfo.project.name} ${Date.now().toString(36)}`);
    const spaceId = await listingId(host.page, listing.title);
    const guest = await newMember(browser, testInfo, "mod-guest");
    await bookThroughApi(guest.page, spaceId, 4, 10);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Platform Analytics" })).toBeVisible();
    const thisMonth = page.getByTestId("fee-row").filter({ has: page.getByRole("rowheader", { name: monthLabel(new Date()) }) }).filter({ hasText: "USD" });
    await expect(thisMonth).toBeVisible();
    await expect(thisMonth.getByRole("cell").first()).not.toHaveText("$0.00");
    await expect(page.getByTestId("stat-revenue").getByRole("definition").first()).not.toHaveText("$0.00");
    await expect(page.getByTestId("fee-chart").locator("canvas")).toBeVisible();
    await shot(page, "admin");

    // Unpublish the host's listing with a reason.
    const search = page.getByLabel("Find a listing, an account or a review of a guest");
    await expect(search).toBeEnabled();
    await search.fill(listing.title);
    await search.press("Enter");
    const unpublish = page.getByRole("button", { name: `Unpublish: ${listing.title}` });
    await expect(unpublish).toBeEnabled();
    await unpublish.click();
    const dialog = page.getByRole("dialog", { name: "Unpublish listing" });
    await dialog.getByRole("button", { name: "Unpublish listing" }).click();
    await expect(dialog.getByText("Give a reason: the owner will see it.")).toBeVisible();
    await dialog.getByLabel(/Reason/).fill("Misleading photos <b>not bold</b>");
    await dialog.getByRole("button", { name: "Unpublish listing" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Listing unpublished. The owner sees your reason.")).toBeVisible();
    await expect(page.getByTestId("moderation-space").filter({ hasText: listing.title })).toContainText("Unpublished by an admin");
    await expect(page.getByTestId("admin-log-row").filter({ hasText: listing.title }).first()).toContainText("Reason: Misleading photos <b>not bold</b>");
    await shot(page, "admin-unpublished");

    await host.page.goto("/my-listings");
    await expect(host.page.getByTestId("moderation-notice")).toHaveText("Unpublished by an administrator. Reason: Misleading photos <b>not bold</b>");
    await guest.page.goto(listing.path);
    await expect(guest.page.getByText("Space not found")).toBeVisible();

    // Suspend the guest: signed out at once, sign-in refused.
    await search.fill(guest.email);
    await search.press("Enter");
    const suspend = page.getByRole("button", { name: `Suspend: ${guest.email}` });
    await expect(suspend).toBeEnabled();
    await suspend.click();
    const suspendDialog = page.getByRole("dialog", { name: "Suspend account" });
    await suspendDialog.getByLabel(/Reason/).fill("Chargeback fraud");
    await suspendDialog.getByRole("button", { name: "Suspend account" }).click();
    await expect(page.getByText("Account suspended: signed out everywhere and its listings hidden.")).toBeVisible();
    await expect(page.getByTestId("moderation-user").filter({ hasText: guest.email })).toContainText("Suspended");

    await guest.page.goto("/dashboard");
    await expect(guest.page).toHaveURL(/\/$/);
    const again = await guest.page.request.post("/auth/sign-in", { form: { email: guest.email, password: PASSWORD } });
    expect(again.status()).toBe(403);
    expect(await again.text()).toContain("This account has been suspended by a Rentwell administrator.");
    await host.context.close();
    await guest.context.close();
  });
});
