import type { Page, TestInfo } from "@playwright/test";
import { fillCard, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { expect, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Prices in the guest's currency (issue #31 point 4, ADR 0292): the footer's currency menu,
 * "about ¥…" beside the listing's own price on an explore card, the space page and the
 * booking widget, and checkout's plain statement that the charge stays in the listing's
 * currency — which it does. The rates are the bundled dated file's (no network).
 *
 * $70.00/hr at 1.0521 USD and 162.35 JPY per euro is ¥10,802; the $77.00 total is ¥11,882.
 */
const SPACE_PATH = "/space/midtown-mixing-suite-with-live-room/new-york";
const SPACE_TITLE = "Midtown Mixing Suite with Live Room";
const SHOTS = "/work/shots/currency";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string, locator?: ReturnType<Page["locator"]>) {
  const path = `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`;
  if (locator) await locator.screenshot({ path });
  else await page.screenshot({ path, fullPage: false });
}

/** A week of its own per width (booking.spec.ts books weeks 2–12 of this listing). */
function weeksAhead(testInfo: TestInfo) {
  return (testInfo.project.name === "phone" ? 16 : 14) + testInfo.repeatEachIndex * 4;
}

test("choose yen in the footer: estimates beside the dollar prices, and checkout charges dollars", async ({ page }, testInfo) => {
  await page.goto(`/explore?q=${encodeURIComponent("Midtown Mixing")}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: SPACE_TITLE }) });
  await expect(card.getByRole("list", { name: "Prices" })).toContainText("$70/hr");
  // No choice yet: each listing's own currency, no estimate.
  await expect(card.getByTestId("approx-price")).toHaveCount(0);

  const menu = page.getByRole("contentinfo").getByRole("form", { name: "Currency" });
  await menu.scrollIntoViewIfNeeded();
  await expect(menu.getByRole("combobox", { name: "Currency" })).toHaveValue("");
  await shot(page, "footer-menu", page.locator("footer"));
  // Keyboard: focus the select, pick with the keys, submit with Enter on the button.
  await menu.getByRole("combobox", { name: "Currency" }).selectOption("JPY");
  await menu.getByRole("button", { name: "Set currency" }).focus();
  await page.keyboard.press("Enter");

  // Back on the same results, with the estimate beside the listing's own price.
  await expect(page).toHaveURL(/\/explore\?q=Midtown/);
  await expect(page.getByText("Prices now show an estimate in JPY – Japanese yen.")).toBeVisible();
  await expect(card.getByTestId("approx-price")).toHaveText("about ¥10,802/hr");
  await expect(card.getByRole("list", { name: "Prices" })).toContainText("$70/hr");
  await expect(menu.getByRole("combobox", { name: "Currency" })).toHaveValue("JPY");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "explore-card", card);

  await signUp(page, uniqueEmail("currency"), "currency-journey-pw-2026");
  await openWeek(page, SPACE_PATH, weeksAhead(testInfo));
  const booking = page.getByRole("region", { name: "Booking", exact: true });
  await expect(booking.getByTestId("primary-price")).toHaveText("$70.00/hr");
  await expect(booking.getByTestId("approx-price").first()).toHaveText("about ¥10,802/hr");

  // Another day for each --repeat-each run and each retry: an earlier run's booking holds this one.
  await pickSlot(page, (2 + testInfo.repeatEachIndex + testInfo.retry) % 7, "10:00");
  await expect(page.getByTestId("booking-total")).toHaveText("$77.00");
  await expect(page.getByLabel("Booking summary").getByTestId("approx-price")).toHaveText("about ¥11,882");
  await shot(page, "space-widget", booking);

  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const form = await fillCard(page, "4242 4242 4242 4242");
  const statement = page.getByTestId("charge-currency");
  await expect(statement).toContainText("You will be charged $77.00 in USD, the listing's currency.");
  await expect(statement).toContainText("That is about ¥11,882 at the exchange rates of November 25, 2026");
  await expect(page.getByTestId("payment-total")).toHaveText("$77.00");
  await shot(page, "checkout", booking);

  // The charge is unchanged: the button, and the confirmed booking, are in dollars.
  await form.getByRole("button", { name: "Pay $77.00" }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  await page.goto("/my-bookings");
  await expect(page.getByRole("main")).toContainText("$77.00");
});

test("back to each listing's own currency: no estimate", async ({ page }) => {
  await page.goto("/currency?returnTo=/explore");
  await expect(page.getByRole("heading", { name: "Currency", level: 1 })).toBeVisible();
  await shot(page, "currency-page");
  // The page's own menu (the footer has one too).
  const main = page.getByRole("main");
  await main.getByRole("combobox", { name: "Currency" }).selectOption("KRW");
  await main.getByRole("button", { name: "Set currency" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByTestId("approx-price").first()).toContainText(/^about ₩/);

  const footerMenu = page.getByRole("contentinfo").getByRole("form", { name: "Currency" });
  await footerMenu.getByRole("combobox", { name: "Currency" }).selectOption("");
  await footerMenu.getByRole("button", { name: "Set currency" }).click();
  await expect(page.getByText("Prices show in each listing's own currency.")).toBeVisible();
  await expect(page.getByTestId("approx-price")).toHaveCount(0);
});
