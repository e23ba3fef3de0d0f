import type { Browser, Page, TestInfo } from "@playwright/test";
import { fillCard, gridCell as cell, openWeek as openWeekAt, pickSlot } from "#tests/e2e/support/booking-widget";
import { accountButton, expect, pageAtProjectWidth, signInThroughApi, signUp, test, uniqueEmail, verifyEmailFromMail } from "#tests/e2e/support/fixtures";

/**
 * Booking journeys (issue #12): book and pay with the built-in test-mode card
 * processor, see the slot taken from another browser, a declined card then a good
 * one, the processing card, cancelling with a refund, and the calendar file.
 *
 * Every test books its own week (a different one per test and per browser width)
 * of a flexible-policy listing in New York, so the journeys never meet.
 */
const SPACE_PATH = "/space/midtown-mixing-suite-with-live-room/new-york";
const SPACE_TITLE = "Midtown Mixing Suite with Live Room";
const PASSWORD = "booking-journey-pw-2026";
const SHOTS = "/work/shots/bookui";

/**
 * The day of its week a journey books (0 = Monday): `base`, moved on by one for each
 * `--repeat-each` run and each retry, because every run books on the same server and a
 * repeat or a retry must not find the slot its earlier run took or held (the week stays
 * the journey's own).
 */
function dayOf(testInfo: TestInfo, base: number) {
  return (base + testInfo.repeatEachIndex + testInfo.retry) % 7;
}

function weeksAhead(testInfo: TestInfo, slot: number) {
  // Desktop books weeks 2–6 from now, the phone weeks 8–12.
  return (testInfo.project.name === "phone" ? 8 : 2) + slot;
}

/** A screenshot of the booking panel (or the whole page) into /work/shots/bookui/<name>-<width>.png. */
async function shot(page: Page, name: string, panel = false) {
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SHOTS}/${name}-${width}.png`;
  if (panel) await page.getByRole("region", { name: "Booking", exact: true }).screenshot({ path });
  else await page.screenshot({ path });
}

test.beforeEach(async ({ page }, testInfo) => {
  // The phone width of the screenshots and journeys: 390 px.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function openWeek(page: Page, weeks: number) {
  await openWeekAt(page, SPACE_PATH, weeks);
}

async function newGuest(page: Page, label: string) {
  await signUp(page, uniqueEmail(label), PASSWORD);
}

async function bookAndPay(page: Page, card: string) {
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const form = await fillCard(page, card);
  await form.getByRole("button", { name: /^Pay / }).click();
}

test.describe("booking", () => {
  test("book an hourly slot with 4242…, land on 'Booking Confirmed!', and another guest sees it taken", async ({ page, browser }, testInfo) => {
    await newGuest(page, "booker");
    const weeks = weeksAhead(testInfo, 0);
    const day = dayOf(testInfo, 2);

    // Another guest has the same week open in another browser.
    const other = await otherGuest(browser, testInfo, weeks);
    await expect(cell(other, day, "14:00")).toBeEnabled();

    await openWeek(page, weeks);
    await pickSlot(page, day, "14:00");
    await expect(page.getByLabel("Booking summary")).toContainText("Rental (1 hour)$70.00");
    await expect(page.getByLabel("Booking summary")).toContainText("Service fee (10%)$7.00");
    await expect(page.getByTestId("booking-total")).toHaveText("$77.00");
    await shot(page, "widget", true);
    // The date picker: days before today are disabled.
    await page.getByRole("button", { name: /^Date / }).click();
    await expect(page.getByRole("grid").first()).toBeVisible();
    await shot(page, "date-picker", true);
    await page.getByRole("button", { name: /^Date / }).click();

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const form = await fillCard(page, "4242 4242 4242 4242");
    await expect(form.getByTestId("card-brand")).toHaveText("Visa");
    await expect(page.getByRole("complementary", { name: "Test mode" })).toContainText("4000 0000 0000 0002");
    await shot(page, "payment", true);
    await form.getByRole("button", { name: "Pay $77.00" }).click();

    await expect(page).toHaveURL(/\/booking-confirmation\?payment_intent_client_secret=/);
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    await expect(page.getByText("Payment successful! Your booking has been confirmed.")).toBeVisible();
    await shot(page, "confirmation");
    await expect(page.getByRole("link", { name: "View My Bookings" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

    // The other guest's open page learns it at once (live update), and so does a fresh load.
    await expect(cell(other, day, "14:00")).toBeDisabled();
    await expect(cell(other, day, "14:00")).toHaveAttribute("title", "This time slot is booked");
    await openWeek(other, weeks);
    await expect(cell(other, day, "14:00")).toHaveAttribute("title", "This time slot is booked");
    await expect(cell(other, day, "15:00")).toBeEnabled();

    // Someone else's confirmation link tells them nothing.
    await other.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await expect(other.getByRole("heading", { name: "Something went wrong." })).toBeVisible();
    await other.context().close();
  });

  test("a visitor signs in from the widget and keeps the choice; a declined card, then a good one", async ({ page }, testInfo) => {
    const weeks = weeksAhead(testInfo, 1);
    const day = dayOf(testInfo, 3);
    await openWeek(page, weeks);
    // Keyboard: a grid cell is a button reached with Tab and chosen with Enter.
    await expect(cell(page, day, "10:00")).toBeEnabled();
    await cell(page, day, "10:00").focus();
    await page.keyboard.press("Enter");
    await expect(cell(page, day, "10:00")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Start time")).toHaveValue(/T\d\d:00:00\.000Z$/);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const signIn = page.getByRole("dialog", { name: "Sign In" });
    await expect(signIn).toBeVisible();
    await signIn.getByRole("button", { name: "Create an Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an Account" });
    const email = uniqueEmail("visitor");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toBeVisible();
    // A new address is verified before it books (ADR 0241): the visitor opens the e-mailed link.
    await verifyEmailFromMail(page, email);
    // Back on the same choice.
    await expect(cell(page, day, "10:00")).toHaveAttribute("aria-pressed", "true");

    await bookAndPay(page, "4000 0000 0000 0002");
    await expect(page.getByRole("form", { name: "Card details" }).getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(new RegExp(`${SPACE_PATH}$`));

    const form = await fillCard(page, "4242 4242 4242 4242");
    await form.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  });

  test("the processing card shows 'Processing Payment...' and then confirms by itself", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await newGuest(page, "processing");
    await openWeek(page, weeksAhead(testInfo, 2));
    await pickSlot(page, dayOf(testInfo, 4), "16:00");
    await bookAndPay(page, "4000 0000 0000 3063");
    await expect(page.getByRole("heading", { name: "Processing Payment..." })).toBeVisible();
    await expect(page.getByText("Your payment is processing.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible({ timeout: 30_000 });
  });

  test("cancel from /my-bookings with the refund shown, after downloading the .ics", async ({ page }, testInfo) => {
    await newGuest(page, "canceller");
    await page.goto("/my-bookings");
    await expect(page.getByRole("heading", { name: "No Bookings Yet" })).toBeVisible();

    const weeks = weeksAhead(testInfo, 3);
    const day = dayOf(testInfo, 1);
    await openWeek(page, weeks);
    await pickSlot(page, day, "11:00");
    await bookAndPay(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

    await page.goto("/my-bookings");
    const item = page.getByRole("listitem").filter({ hasText: SPACE_TITLE });
    await expect(item).toContainText("New York");
    await expect(item).toContainText("11:00 – 12:00 (America/New York)");
    await expect(item).toContainText("Total $77.00");
    await expect(item.getByText("Confirmed", { exact: true })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Add to calendar (.ics)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(SPACE_TITLE);

    await item.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel booking" });
    await expect(dialog).toContainText("Are you sure you want to cancel this booking?");
    await expect(dialog.getByTestId("refund-quote")).toHaveText("You will be refunded $70.00.");
    await shot(page, "cancel-dialog");
    await dialog.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(item.getByTestId("refund")).toHaveText("Refund $70.00. Refunds take 5-7 business days.");
    await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

    // The slot is bookable again.
    await openWeek(page, weeks);
    await expect(cell(page, day, "11:00")).toBeEnabled();

    // The booking's conversation with the host (docs/product.md#messages).
    await page.goto("/my-bookings");
    await page.getByRole("listitem").filter({ hasText: SPACE_TITLE }).first().getByRole("button", { name: "Message host" }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("link", { name: SPACE_TITLE })).toBeVisible();
  });
});

test.describe("booking widget visibility", () => {
  test("the owner sees the availability switch instead of the widget; an unavailable listing has no widget", async ({ page }) => {
    await signInThroughApi(page, { email: "maya.chen@rentwell.test", password: "rentwell-demo" });
    await page.goto(SPACE_PATH);
    await expect(page.getByRole("switch", { name: "Available for booking" })).toBeVisible();
    await expect(page.getByTestId("booking-widget")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);

    await page.goto("/space/toyota-4runner-trail-suv-with-roof-box/los-angeles");
    await expect(page.getByText("Temporarily Unavailable")).toBeVisible();
    await expect(page.getByTestId("booking-widget")).toHaveCount(0);
  });
});

async function otherGuest(browser: Browser, testInfo: TestInfo, weeks: number) {
  const page = await pageAtProjectWidth(browser, testInfo);
  await newGuest(page, "other");
  await openWeek(page, weeks);
  return page;
}
