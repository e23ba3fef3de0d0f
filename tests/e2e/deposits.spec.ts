import type { Locator, Page } from "@playwright/test";
import fs from "node:fs";
import { ADMIN, createListing, expect, pageAtProjectWidth, runJob, setServerClock, signInThroughApi, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Security deposits and damage claims (issue #28 point 2, ADRs 0283 and 0284). A host
 * (fixture) publishes a listing asking a $500 deposit; a guest in another browser sees it on
 * the listing apart from the total ("held, not charged"), books and pays an hour two days
 * ahead on the test clock (X-Test-Now, ADR 0095) — the deposit is held at once — and:
 *   1. with no claim, the `deposits` job run 2 days after the end releases it;
 *   2. the host opens a claim (one above the deposit is refused next to its field), the guest
 *      disputes it, an admin decides it from /admin, and both read the decision.
 */
const PASSWORD = "deposit-journey-pw-2026";
const SHOTS = process.env.DEPOSIT_SHOTS ?? "/work/screens/deposits";
const CARD = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Deposit Guest" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** The page from the top (the sticky header where a visitor sees it), or just `part` of it. */
async function shot(page: Page, name: string, part?: Locator) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`;
  if (part) return void (await part.screenshot({ path }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** Books and pays one hour through the booking API, as the widget does; returns the booking id. */
async function bookHour(page: Page, spaceId: string, start: Date, now: Date): Promise<string> {
  const headers = { "x-test-now": now.toISOString() };
  const hold = await page.request.post("/api/bookings/payment-intent", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: { spaceId, startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString(), duration: 1, pricingUnit: "hour", amount: 4675, currency: "USD" },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  const { clientSecret, bookingId } = (await hold.json()) as { clientSecret: string; bookingId: string };
  const paid = await page.request.post("/api/payments/confirm", { headers, data: { clientSecret, card: CARD } });
  expect(paid.status(), await paid.text()).toBe(200);
  return bookingId;
}

/** A listing with a $500 deposit, and a guest who booked an hour of it two days after `bookedAt`. */
async function depositBooking(page: Page, browser: Parameters<typeof pageAtProjectWidth>[0], testInfo: Parameters<typeof pageAtProjectWidth>[1], label: string, bookedAt: Date, start: Date) {
  const listing = await createListing(page, `Deposit ${label} ${testInfo.project.name} ${Date.now().toString(36)}`, { depositRequired: "on", depositAmount: "500" });
  const guest = await pageAtProjectWidth(browser, testInfo);
  await signUp(guest, uniqueEmail(`deposit-${label}-${testInfo.project.name}`), PASSWORD);
  await setServerClock(guest, bookedAt);
  const busy = guest.waitForRequest(/\/api\/spaces\/[0-9a-f-]+\/busy/);
  await guest.goto(listing.path);
  const spaceId = /\/api\/spaces\/([0-9a-f-]+)\/busy/.exec((await busy).url())![1]!;
  const bookingId = await bookHour(guest, spaceId, start, bookedAt);
  return { listing, guest, bookingId };
}

test("a booking's deposit is shown apart from the price, held, and released after the end", async ({ page, user: _host, browser }, testInfo) => {
  test.setTimeout(120_000);
  const day = testInfo.project.name === "phone" ? 5 : 4;
  const bookedAt = new Date(`2027-05-0${day - 2}T12:00:00Z`);
  const start = new Date(`2027-05-0${day}T15:00:00Z`);
  const { listing, guest, bookingId } = await depositBooking(page, browser, testInfo, "release", bookedAt, start);

  // Checkout: the deposit apart from the total, held, not charged.
  const deposit = guest.getByTestId("booking-deposit");
  await expect(deposit).toHaveText("Security deposit: $500.00 — held, not charged");
  await expect(guest.getByTestId("booking-total")).not.toContainText("500");
  await shot(guest, "checkout-deposit", guest.getByTestId("booking-widget"));

  // Booked within 6 days of the start: held at once.
  await guest.goto(`/bookings/${bookingId}`);
  const section = guest.getByRole("region", { name: "Security deposit" });
  await expect(section.getByTestId("deposit-status")).toHaveText("Held on the card, not charged");
  await expect(section).toContainText("$500.00 — held, not charged.");

  // The day after the end nothing moves; two days after it, the job releases the deposit.
  const end = new Date(start.getTime() + HOUR);
  await runJob(guest, "deposits", new Date(end.getTime() + DAY));
  await guest.reload();
  await expect(section.getByTestId("deposit-status")).toHaveText("Held on the card, not charged");
  await runJob(guest, "deposits", new Date(end.getTime() + 2 * DAY));
  await setServerClock(guest, new Date(end.getTime() + 2 * DAY));
  await guest.reload();
  await expect(section.getByTestId("deposit-status")).toHaveText("Released, nothing charged");
  await expect(guest.getByRole("form", { name: "Answer the damage claim" })).toHaveCount(0);

  // The host no longer sees it among the open deposits, and cannot claim it.
  await setServerClock(page, new Date(end.getTime() + 2 * DAY));
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByRole("region", { name: "Security deposit" }).getByTestId("deposit-status")).toHaveText("Released, nothing charged");
  await expect(page.getByRole("form", { name: "Open a damage claim" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-deposit").filter({ hasText: listing.title })).toHaveCount(0);
  await guest.context().close();
});

test("a claim the guest disputes is decided by an admin, and both read the decision", async ({ page, user: _host, browser }, testInfo) => {
  test.setTimeout(150_000);
  const day = testInfo.project.name === "phone" ? 15 : 14;
  const bookedAt = new Date(`2027-05-${day - 2}T12:00:00Z`);
  const start = new Date(`2027-05-${day}T15:00:00Z`);
  const end = new Date(start.getTime() + HOUR);
  const { listing, guest, bookingId } = await depositBooking(page, browser, testInfo, "claim", bookedAt, start);

  // After the end the host opens the booking from the dashboard's open deposits.
  const afterEnd = new Date(end.getTime() + 2 * HOUR);
  await setServerClock(page, afterEnd);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Deposit of ${listing.title}` }).click();
  const form = page.getByRole("form", { name: "Open a damage claim" });
  await expect(form).toBeVisible();
  // More than the deposit: refused next to the amount, nothing stored.
  await form.getByLabel("Amount (USD)").fill("600");
  await form.getByLabel("What was damaged").fill("The tripod's leg is bent and a softbox is torn.");
  await form.getByRole("button", { name: "Open the claim" }).click();
  await expect(form.getByText("The claim can't be more than the deposit ($500.00).")).toBeVisible();
  await expect(form.getByLabel("Amount (USD)")).toBeFocused();
  await form.getByLabel("Amount (USD)").fill("120");
  await form.getByLabel("What was damaged").fill("The tripod's leg is bent and a softbox is torn.");
  await form.getByRole("button", { name: "Open the claim" }).focus();
  await page.keyboard.press("Enter");
  const section = page.getByRole("region", { name: "Security deposit" });
  await expect(section.getByText("Your claim is open. The guest has 72 hours to accept or dispute it.")).toBeVisible();
  await expect(section.getByTestId("deposit-claim")).toContainText("Damage claim: $120.00");
  await expect(page.getByRole("form", { name: "Open a damage claim" })).toHaveCount(0);
  await shot(page, "claim-host");

  // The guest sees the claim and its deadline, and disputes it.
  await setServerClock(guest, new Date(afterEnd.getTime() + HOUR));
  await guest.goto(`/bookings/${bookingId}`);
  const claim = guest.getByTestId("deposit-claim");
  await expect(claim).toContainText("The tripod's leg is bent and a softbox is torn.");
  await expect(claim).toContainText("(72 hours); without an answer it is accepted.");
  await shot(guest, "claim-guest");
  await claim.getByRole("button", { name: "Dispute it" }).click();
  await expect(guest.getByText("You disputed the claim: an admin will decide it.")).toBeVisible();
  await expect(claim).toContainText("Disputed: an admin decides");
  await expect(claim.getByRole("button", { name: "Dispute it" })).toHaveCount(0);

  // An admin decides it from /admin.
  const admin = await pageAtProjectWidth(browser, testInfo);
  await signInThroughApi(admin, ADMIN);
  await setServerClock(admin, new Date(afterEnd.getTime() + 2 * HOUR));
  await admin.goto("/admin");
  const panel = admin.getByRole("region", { name: /^Disputed claims/ });
  const item = panel.getByTestId("disputed-claim").filter({ hasText: listing.title });
  await expect(item).toContainText("$120.00 of a $500.00 deposit");
  await item.getByLabel("Amount (USD)").fill("130");
  await item.getByLabel("Decision note").fill("The check-out photos show the torn softbox only.");
  await item.getByRole("button", { name: `Decide the claim on ${listing.title}` }).click();
  await expect(item.getByText(/Enter an amount between 0 and the claim/)).toBeVisible();
  await item.getByLabel("Amount (USD)").fill("60");
  await shot(admin, "admin-decide", panel);
  await item.getByRole("button", { name: `Decide the claim on ${listing.title}` }).click();
  await expect(panel.getByRole("status")).toContainText(`${listing.title}: Claim decided.`);
  await expect(panel.getByTestId("disputed-claim").filter({ hasText: listing.title })).toHaveCount(0);

  // Both read the decision; $60 was charged from the deposit.
  await guest.reload();
  await expect(claim).toContainText("Decided by an admin");
  await expect(claim).toContainText("An admin decided $60.00: The check-out photos show the torn softbox only.");
  await expect(claim).toContainText("$60.00 was charged from the deposit.");
  await page.reload();
  await expect(page.getByTestId("deposit-claim")).toContainText("$60.00 was charged from the deposit and is paid to you with your payouts.");
  await admin.context().close();
  await guest.context().close();
});
