import type { Page } from "@playwright/test";
import fs from "node:fs";
import { fillCard, gridCell as cell, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { listingId } from "#tests/e2e/support/bookings";
import { createListing, expect, pageAtProjectWidth, runJob, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Request to book (issue #28 point 1, ADR 0280): a host's request listing; a guest
 * requests a time with a message (the card authorised, not charged); the host, in
 * another browser, accepts from the dashboard's Requests and the guest's page then says
 * the booking is confirmed; a request nobody answers expires when the clock's job runs
 * past its expiry, and its time is free again. Screenshots into /work/screens/request/.
 */
const PASSWORD = "request-journey-pw-2026";
const SHOTS = "/work/screens/request";
/** The issue #28 gaps' pages (ADR 0290). */
const GAPS_SHOTS = process.env.GAPS_SHOTS ?? "/work/shots/gaps";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: false });
}

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** A host with a request-to-book listing, signed in on `page`; returns the listing. */
async function requestListing(page: Page, label: string) {
  await signUp(page, uniqueEmail(`request-host-${label}`), PASSWORD);
  return createListing(page, `Request studio ${label} ${Date.now().toString(36)}`, { bookingMode: "request" });
}

/** The guest requests a slot `weeks` ahead with a message and pays: the card is authorised. */
async function request(guest: Page, path: string, weeks: number, day: number, name?: string) {
  await openWeek(guest, path, weeks);
  await pickSlot(guest, day, "14:00");
  await expect(guest.getByTestId("request-note")).toHaveText("Your card is authorised now and charged only if the host accepts.");
  await guest.getByLabel(/Message to the host/).fill("Hi! A two-person product shoot, quiet and tidy.");
  if (name) await shot(guest, name);
  await guest.getByRole("button", { name: "Request to book" }).click();
  const form = await fillCard(guest, "4242 4242 4242 4242");
  await form.getByRole("button", { name: /^Pay / }).click();
  await expect(guest).toHaveURL(/\/booking-confirmation\?payment_intent_client_secret=/);
  await expect(guest.getByRole("heading", { name: "Request sent — waiting for the host" })).toBeVisible();
}

test.describe("request to book", () => {
  test("a guest's request, accepted by the host from the dashboard in another browser; the guest sees it confirmed", async ({ page, browser }, testInfo) => {
    const { path } = await requestListing(page, testInfo.project.name);
    const guest = await pageAtProjectWidth(browser, testInfo);
    await signUp(guest, uniqueEmail(`request-guest-${testInfo.project.name}`), PASSWORD);
    await request(guest, path, testInfo.project.name === "phone" ? 3 : 2, 2, "widget");
    const confirmation = guest.url();
    await shot(guest, "requested");
    // My Bookings says the request waits for the host.
    await guest.goto("/my-bookings");
    await expect(guest.getByText("Request sent — waiting for the host").first()).toBeVisible();
    await shot(guest, "my-bookings-requested");

    // The request's message is in the host's conversation with the guest, with Accept and Decline.
    await page.goto("/messages");
    await page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await expect(page.getByText("Hi! A two-person product shoot").first()).toBeVisible();
    await expect(page.getByTestId("requests-section").getByRole("button", { name: /^Accept: / })).toBeVisible();
    await expect(page.getByTestId("requests-section").getByRole("button", { name: /^Decline: / })).toBeVisible();
    await shot(page, "conversation-request");

    await page.goto("/dashboard");
    const row = page.getByTestId("request-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Hi! A two-person product shoot");
    await expect(row.getByTestId("request-countdown")).toHaveText(/^Expires in (23 h 5\d min|1 d)/);
    await shot(page, "dashboard-requests");
    await row.getByRole("button", { name: /^Accept: / }).click();
    // Answered: the dashboard's data is read again and the request leaves the list.
    await expect(page.getByTestId("request-row")).toHaveCount(0);

    await guest.goto(confirmation);
    await expect(guest.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    await guest.context().close();
  });

  test("a request nobody answers expires when the clock passes its expiry, and its time is free again", async ({ page, browser }, testInfo) => {
    const listing = await requestListing(page, `${testInfo.project.name}-expiry`);
    const path = listing.path;
    const guest = await pageAtProjectWidth(browser, testInfo);
    await signUp(guest, uniqueEmail(`request-guest2-${testInfo.project.name}`), PASSWORD);
    const weeks = testInfo.project.name === "phone" ? 5 : 4;
    await request(guest, path, weeks, 3);

    const spaceId = await listingId(page, listing.title);
    await page.goto("/dashboard");
    await expect(page.getByTestId("request-row")).toHaveCount(1);
    // The hold sweep job, 25 hours later, on this listing (other journeys' checkouts run at the real time):
    // the request expires and the authorisation is released.
    await runJob(page, "hold-sweep", new Date(Date.now() + 25 * 3_600_000), { spaceId });
    await page.goto("/dashboard");
    await expect(page.getByTestId("request-row")).toHaveCount(0);
    await openWeek(guest, path, weeks);
    await expect(cell(guest, 3, "14:00")).toBeEnabled();
    await guest.context().close();
  });

  test("the guest withdraws a request from its confirmation page, and another from the booking's own page (My Bookings' dialog and action)", async ({ page, browser }, testInfo) => {
    const { path } = await requestListing(page, `${testInfo.project.name}-withdraw`);
    const guest = await pageAtProjectWidth(browser, testInfo);
    await signUp(guest, uniqueEmail(`request-guest3-${testInfo.project.name}`), PASSWORD);
    const weeks = testInfo.project.name === "phone" ? 7 : 6;

    // From the confirmation page, right after sending it.
    await request(guest, path, weeks, 1);
    await gapsShot(guest, "confirmation-withdraw");
    await withdraw(guest);
    await expect(guest.getByRole("heading", { name: "Request withdrawn" })).toBeVisible();
    await gapsShot(guest, "confirmation-withdrawn");

    // From the booking's page (the 'See your request' link of the e-mail).
    const made = guest.waitForResponse((response) => response.url().endsWith("/api/bookings/payment-intent"));
    await request(guest, path, weeks, 2);
    const { bookingId } = (await (await made).json()) as { bookingId: string };
    await guest.goto(`/bookings/${bookingId}`);
    await expect(guest.getByTestId("request-status")).toContainText("Request sent — waiting for the host");
    await gapsShot(guest, "booking-page-withdraw");
    await withdraw(guest);
    await expect(guest.getByTestId("request-withdrawn")).toHaveText("You withdrew this request. Your card was not charged: the authorisation is released.");
    await expect(guest.getByText("Request withdrawn", { exact: true })).toBeVisible();
    await expect(guest.getByRole("button", { name: "Withdraw request" })).toHaveCount(0);
    await gapsShot(guest, "booking-page-withdrawn");

    // Both are withdrawn in My Bookings, and the host has nothing to answer.
    await guest.goto("/my-bookings");
    await expect(guest.getByText("Request withdrawn", { exact: true })).toHaveCount(2);
    await page.goto("/dashboard");
    await expect(page.getByTestId("request-row")).toHaveCount(0);
    await guest.context().close();
  });
});

/** 'Withdraw request', its dialog, and 'Yes, withdraw'. */
async function withdraw(guest: Page) {
  const button = guest.getByRole("button", { name: "Withdraw request" });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = guest.getByRole("dialog", { name: "Withdraw this request?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, withdraw" }).click();
}

async function gapsShot(page: Page, name: string) {
  fs.mkdirSync(GAPS_SHOTS, { recursive: true });
  await page.screenshot({ path: `${GAPS_SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}
