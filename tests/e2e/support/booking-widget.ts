import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The space page's booking widget as journeys drive it (booking.spec.ts, seats.spec.ts):
 * its weekly grid and the card form of the payment step.
 */

/** The widget's weekly grid. */
export function weekGrid(page: Page) {
  return page.getByRole("region", { name: "Weekly availability" });
}

/** The grid cell for `hour` (the listing's time, "14:00") on the `dayIndex`-th day (0 = Monday) of the week shown. */
export function gridCell(page: Page, dayIndex: number, hour: string) {
  return weekGrid(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: hour, exact: true }) }).getByRole("button").nth(dayIndex);
}

/** Opens the space page at `path` and moves the grid `weeks` weeks on. */
export async function openWeek(page: Page, path: string, weeks: number) {
  await page.goto(path);
  await expect(page.getByTestId("booking-widget")).toBeVisible();
  for (let week = 0; week < weeks; week += 1) {
    const range = await weekGrid(page).getByTestId("week-range").textContent();
    await weekGrid(page).getByRole("button", { name: "Next week" }).click();
    await expect(weekGrid(page).getByTestId("week-range")).not.toHaveText(range ?? "");
  }
}

/** Picks a free cell of the grid and waits until it is the choice. */
export async function pickSlot(page: Page, dayIndex: number, hour: string) {
  const target = gridCell(page, dayIndex, hour);
  await expect(target).toBeEnabled();
  await target.click();
  await expect(target).toHaveAttribute("aria-pressed", "true");
}

/** Fills in the test-mode card form (a number such as "4242 4242 4242 4242", expiry 12/30); returns the form. */
export async function fillCard(page: Page, number: string) {
  const form = page.getByRole("form", { name: "Card details" });
  await expect(form).toBeVisible();
  await form.getByLabel("Card number").fill("");
  await form.getByLabel("Card number").pressSequentially(number.replace(/ /g, ""));
  await expect(form.getByLabel("Card number")).toHaveValue(number);
  await form.getByLabel("Expiry (MM / YY)").fill("");
  await form.getByLabel("Expiry (MM / YY)").pressSequentially("1230");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Journey Guest");
  return form;
}
