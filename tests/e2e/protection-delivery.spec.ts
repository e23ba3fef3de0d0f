import type { Page } from "@playwright/test";
import fs from "node:fs";
import { fillCard, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { ADMIN, createListing, expect, pageAtProjectWidth, setServerClock, signInThroughApi, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Insurance and delivery at checkout (issue #28 point 3, ADR 0286, 0287). A host (fixture)
 * publishes a paddle board that requires insurance and offers delivery ($15) or pickup. A
 * guest continues without choosing and is told what is missing, buys Protection, chooses
 * delivery with an address, sees both lines in the payment summary, pays; the host sees the
 * address on the booking's page. And the admin's Settings section on /admin.
 */
const PASSWORD = "protection-journey-pw-2026";
const SHOTS = process.env.PROTECTION_SHOTS ?? "/work/screens/protection";
/** The issue #28 gaps' pages (ADR 0290). */
const GAPS_SHOTS = process.env.GAPS_SHOTS ?? "/work/shots/gaps";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

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

test("a guest buys Protection and has it delivered; the payment, My Bookings and the admin show both lines, the host sees the address until the guest deletes their account", async ({ page, user: _host, browser }, testInfo) => {
  test.setTimeout(120_000);
  const board = await createListing(page, `Paddle board ${testInfo.project.name} ${Date.now().toString(36)}`, {
    description: "A touring paddle board with paddle and leash.",
    rentalType: "equipment",
    capacity: "1",
    amenities: "Paddle, Leash",
    insuranceRequired: "on",
    deliveryAvailable: "on",
    deliveryFee: "15",
    pickupAvailable: "on",
  });
  const weeks = testInfo.project.name === "phone" ? 3 : 2;

  const guest = await pageAtProjectWidth(browser, testInfo);
  await signUp(guest, uniqueEmail(`protection-${testInfo.project.name}`), PASSWORD);
  await openWeek(guest, board.path, weeks);
  await pickSlot(guest, 2, "14:00");
  await guest.getByRole("button", { name: "Continue to Payment" }).click();
  const step = guest.getByTestId("requirements-step");
  await step.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(step.getByText("Confirm your own insurance or add Protection to book this listing.")).toBeVisible();
  await expect(step.getByText("Choose delivery or pick up.")).toBeVisible();
  await expect(step.getByRole("radio", { name: "I have insurance that covers this rental" })).toBeFocused();

  // From the keyboard: the insurance radios, then the delivery ones.
  await guest.keyboard.press("ArrowDown");
  await expect(step.getByRole("radio", { name: /^Add Protection \(\$/ })).toBeChecked();
  await step.getByRole("radio", { name: "Delivery ($15.00)" }).check();
  await step.getByLabel("Street address").fill("12 Harbor Road");
  await step.getByLabel("City").fill("Tampa");
  await step.getByLabel("Postal code").fill("33602");
  await step.getByLabel("Country").selectOption("US");
  await shot(guest, "checkout-protection-delivery", true);
  const held = guest.waitForResponse((response) => response.url().endsWith("/api/bookings/payment-intent"));
  await step.getByRole("button", { name: "Continue to Payment" }).click();
  const answer = await held;
  expect(answer.status()).toBe(200);
  const { bookingId, protection, delivery } = (await answer.json()) as { bookingId: string; protection: { basisPoints: number; amount: number }; delivery: number };
  expect(delivery).toBe(1500);
  expect(protection.amount).toBeGreaterThan(0);
  const summary = guest.getByTestId("payment-step");
  await expect(summary.getByText(/^Protection \(/)).toBeVisible();
  await expect(summary.getByTestId("payment-delivery")).toHaveText("$15.00");
  const card = await fillCard(guest, "4242 4242 4242 4242");
  await shot(guest, "payment-summary-lines", true);
  const protectionText = await summary.getByTestId("payment-protection").textContent();
  const totalText = await summary.getByTestId("payment-total").textContent();
  await card.getByRole("button", { name: /^Pay / }).click();
  await expect(guest.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

  // My Bookings itemises the same lines, which add up to the total paid (ADR 0290).
  await guest.goto("/my-bookings");
  const price = guest.getByTestId("booking-price");
  await expect(price).toHaveText(`Rental $42.50 · Service fee $4.25 · Protection (${basisPoints(protection.basisPoints)}) ${protectionText} · Delivery $15.00 · Total ${totalText}`);
  await gapsShot(guest, "my-bookings-lines");

  // The host's booking page: the cover and the delivery address.
  await page.goto(`/bookings/${bookingId}`);
  const theirs = page.getByTestId("booking-requirements");
  await expect(theirs.getByTestId("booking-insurance")).toHaveText("Rentwell Protection bought at checkout");
  await expect(theirs.getByTestId("booking-fulfilment")).toContainText("12 Harbor Road");
  await expect(theirs.getByTestId("booking-fulfilment")).toContainText("33602 Tampa");
  await shot(page, "host-sees-address");

  // The admin's booking lookup: the same lines.
  const admin = await pageAtProjectWidth(browser, testInfo, { extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` } });
  await signInThroughApi(admin, ADMIN);
  await admin.goto(`/admin?booking=${bookingId}`);
  const lookup = admin.getByTestId("admin-booking");
  await expect(lookup.getByTestId("admin-booking-price")).toHaveText(`(Rental $42.50 + Service fee $4.25 + Protection (${basisPoints(protection.basisPoints)}) ${protectionText} + Delivery $15.00)`);
  fs.mkdirSync(GAPS_SHOTS, { recursive: true });
  await lookup.screenshot({ path: `${GAPS_SHOTS}/admin-booking-lines-${admin.viewportSize()?.width ?? 0}.png` });
  await admin.context().close();

  // Weeks after the booking the guest deletes their account: the host's page keeps the choices, not the address.
  await setServerClock(guest, new Date(Date.now() + 8 * 7 * 24 * 3_600_000));
  await guest.goto("/profile/security");
  const data = guest.getByRole("region", { name: "Your data" });
  await data.getByLabel("Current password").fill(PASSWORD);
  await data.getByLabel("I understand that this cannot be undone").check();
  await data.getByRole("button", { name: "Delete my account" }).click();
  await expect(guest.getByText("Your account was deleted.")).toBeVisible();
  await guest.context().close();
  await page.goto(`/bookings/${bookingId}`);
  await expect(theirs.getByTestId("booking-requirements-erased")).toHaveText("The guest deleted their account: their date of birth, driving licence, cover details and addresses were erased.");
  await expect(theirs.getByTestId("booking-insurance")).toHaveText("Rentwell Protection bought at checkout");
  await expect(theirs.getByTestId("booking-fulfilment")).toHaveText("Delivered (address erased)");
  await expect(page.getByText("12 Harbor Road")).toHaveCount(0);
  await gapsShot(page, "host-after-guest-deleted");
});

/** "8%" for 800 basis points, as checkout writes it. */
function basisPoints(value: number) {
  return `${(value / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

async function gapsShot(page: Page, name: string) {
  fs.mkdirSync(GAPS_SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${GAPS_SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

test("the admin's Settings: a bad rate is refused next to the field, a good one saved and logged", async ({ page, admin: _admin }) => {
  await page.goto("/admin");
  const settings = page.getByRole("region", { name: "Settings" });
  const field = settings.getByLabel("Protection rate (%)");
  await expect(field).toHaveValue(/^\d+(\.\d+)?$/);
  const before = await field.inputValue();
  await field.fill("60");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Enter a percentage from 0 to 50 with at most two decimals.")).toBeVisible();
  await expect(field).toBeFocused();
  await settings.screenshot({ path: `${SHOTS}/admin-settings-refused-${page.viewportSize()?.width ?? 0}.png` });
  await field.fill(before);
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText(/Settings saved|Nothing changed/);
  fs.mkdirSync(SHOTS, { recursive: true });
  await settings.screenshot({ path: `${SHOTS}/admin-settings-${page.viewportSize()?.width ?? 0}.png` });
});
