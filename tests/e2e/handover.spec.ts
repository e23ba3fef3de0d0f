import type { Locator, Page } from "@playwright/test";
import fs from "node:fs";
import sharp from "sharp";
import { createListing, expect, pageAtProjectWidth, setServerClock, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Check-in and check-out at handover (issue #28 point 4, ADR 0277). A host (fixture)
 * publishes a vehicle at $42.50/hour; a guest in another browser books and pays an hour on
 * the test clock, and an hour before it starts opens the booking from /my-bookings, adds a
 * check-in with a photo, the odometer, the fuel level, the condition and a note; the host
 * opens the same booking from the dashboard and sees the guest's record and its photo.
 */
const PASSWORD = "handover-journey-pw-2026";
const SHOTS = process.env.HANDOVER_SHOTS ?? "/tmp/shots-handover";
const CARD = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Handover Guest" };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top, so the sticky header sits where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** The thumbnail is shown: its card-size image has loaded. */
async function photoLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
}

/** Books and pays one hour through the booking API, as the widget does, at the page's server clock. */
async function bookHour(page: Page, spaceId: string, start: Date, now: Date) {
  const headers = { "x-test-now": now.toISOString() };
  const end = new Date(start.getTime() + 3_600_000);
  const hold = await page.request.post("/api/bookings/payment-intent", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: { spaceId, startTime: start.toISOString(), endTime: end.toISOString(), duration: 1, pricingUnit: "hour", amount: 4675, currency: "USD" },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  const { clientSecret } = (await hold.json()) as { clientSecret: string };
  const paid = await page.request.post("/api/payments/confirm", { headers, data: { clientSecret, card: CARD } });
  expect(paid.status(), await paid.text()).toBe(200);
}

test("a guest adds a check-in with a photo and a note at handover, and the host sees it on the booking", async ({ page, user: _host, browser }, testInfo) => {
  test.setTimeout(120_000);
  const vehicle = await createListing(page, `Handover hatchback ${testInfo.project.name} ${Date.now().toString(36)}`, {
    description: "A small hatchback, easy to park.",
    rentalType: "vehicle",
    type: "car",
    capacity: "4",
    amenities: "Air conditioning, Bluetooth",
    timezone: "America/Chicago",
  });
  const day = testInfo.project.name === "phone" ? 13 : 12;
  const bookedAt = new Date("2027-04-01T12:00:00Z");
  const start = new Date(`2027-04-${day}T15:00:00Z`);
  const handover = new Date(start.getTime() - 3_600_000);

  const guest = await pageAtProjectWidth(browser, testInfo);
  await signUp(guest, uniqueEmail(`handover-${testInfo.project.name}`), PASSWORD);
  await setServerClock(guest, bookedAt);
  const busy = guest.waitForRequest(/\/api\/spaces\/[0-9a-f-]+\/busy/);
  await guest.goto(vehicle.path);
  const spaceId = /\/api\/spaces\/([0-9a-f-]+)\/busy/.exec((await busy).url())![1]!;
  await bookHour(guest, spaceId, start, bookedAt);

  // Ten days ahead, check-in is not open yet: the page says when it opens.
  await guest.goto("/my-bookings");
  const row = guest.getByRole("listitem").filter({ hasText: vehicle.title });
  await row.getByRole("link", { name: "Check-in & check-out" }).click();
  await expect(guest.getByRole("heading", { level: 1, name: vehicle.title })).toBeVisible();
  const checkIn = guest.getByRole("region", { name: "Check-in" });
  await expect(checkIn).toContainText("Check-in opens 24 hours before the booking starts.");
  await expect(checkIn.getByRole("form")).toHaveCount(0);

  // An hour before the start: the guest records the handover.
  await setServerClock(guest, handover);
  await guest.reload();
  const form = checkIn.getByRole("form", { name: "Check-in" });
  await expect(form).toBeVisible();
  // A reading that is no number: the form says so and sends nothing.
  await form.getByLabel("Odometer (km)").fill("-5");
  await form.getByRole("button", { name: "Save check-in" }).click();
  await expect(form.getByText("Enter the odometer in whole km, from 0 to 9,999,999.")).toBeVisible();
  await expect(form.getByLabel("Odometer (km)")).toBeFocused();
  await form.getByLabel("Odometer (km)").fill("48210");
  await form.getByLabel("Fuel level").selectOption({ label: "3/4" });
  await form.getByLabel("Condition").fill("Small scratch on the rear bumper.");
  await form.getByLabel("Note").fill("Picked up at the harbour; two keys.");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f6f9f" } }).jpeg().toBuffer();
  await form.getByLabel("Choose photos for check-in").setInputFiles({ name: "bumper.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(form.getByRole("button", { name: "Remove photo 1" })).toBeEnabled();
  await expect(form.getByRole("button", { name: "Save check-in" })).toBeEnabled();
  // Saved from the keyboard.
  await form.getByRole("button", { name: "Save check-in" }).focus();
  await guest.keyboard.press("Enter");
  await expect(checkIn.getByRole("status").filter({ hasText: "Your check-in is saved." })).toBeVisible();
  const mine = checkIn.getByTestId("handover-record");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("You");
  await expect(mine).toContainText("48,210");
  await expect(mine).toContainText("3/4");
  await expect(mine).toContainText("Small scratch on the rear bumper.");
  await expect(mine).toContainText("Picked up at the harbour; two keys.");
  await expect(checkIn.getByRole("form")).toHaveCount(0);
  await photoLoaded(mine.getByRole("img", { name: "Photo 1 of 1, open full size" }));
  await shot(guest, "booking-guest");

  // The host opens the booking from the dashboard and sees the guest's check-in.
  await setServerClock(page, handover);
  await page.goto("/dashboard");
  await page.getByTestId("recent-booking").filter({ hasText: vehicle.title }).getByRole("link", { name: "Check-in & check-out" }).click();
  const hostCheckIn = page.getByRole("region", { name: "Check-in" });
  const record = hostCheckIn.getByTestId("handover-record");
  await expect(record).toHaveCount(1);
  await expect(record).toContainText("The guest");
  await expect(record).toContainText("Picked up at the harbour; two keys.");
  await expect(record).toContainText("48,210");
  // The time in the listing's zone, as booking times are shown.
  await expect(record.locator("time")).toContainText("(America/Chicago)");
  const thumbnail = record.getByRole("link", { name: "Photo 1 of 1, open full size" });
  await photoLoaded(thumbnail.getByRole("img"));
  const full = await page.request.get((await thumbnail.getAttribute("href"))!);
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toBe("image/webp");
  // The host's own form is still open for their side of the handover.
  await expect(hostCheckIn.getByRole("form", { name: "Check-in" })).toBeVisible();
  await shot(page, "booking-host");
  await guest.context().close();
});
