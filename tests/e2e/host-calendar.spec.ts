import type { Page } from "@playwright/test";
import { gridCell, openWeek } from "#tests/e2e/support/booking-widget";
import { expect, pageAtProjectWidth, test } from "#tests/e2e/support/fixtures";

/**
 * The host's calendar (issue #26 point 5) at desktop and phone widths: from My Listings the
 * host opens the listing's calendar, blocks a day with 'Block dates' (the keyboard path),
 * selects hours on the week view to block them (desktop: a drag), and narrows a weekday's
 * hours; the listing's space page then stops offering that time to a guest.
 */

const WEEKS_AHEAD = 2;

/** "YYYY-MM-DD" of today in the zone. */
function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

function addDays(date: string, days: number) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The Monday of the week `weeks` after the one of `date`. */
function mondayAfter(date: string, weeks: number) {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, weeks * 7 - weekday);
}

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function openCalendar(page: Page, title: string) {
  await page.goto("/my-listings");
  await page.getByRole("link", { name: `Calendar of ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  // FullCalendar is loaded after the page: wait for its grid.
  await expect(page.getByTestId("host-calendar").getByRole("table").or(page.getByTestId("host-calendar").getByRole("grid")).first()).toBeVisible();
}

test("the host blocks a day, blocks hours and sets a weekday's hours; the guest's widget stops offering them", async ({ page, host, browser }, testInfo) => {
  await openCalendar(page, host.listing.title);
  // The page fits the screen without sideways scrolling (390 px on the phone).
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))).toBeLessThanOrEqual(width);
  const zone = (await page.getByTestId("calendar-zone").textContent())!;
  const monday = mondayAfter(todayIn(zone), WEEKS_AHEAD);
  const wednesday = addDays(monday, 2);

  // A whole day, from the keyboard: 'Block dates', the first and last day, a private note.
  await page.getByRole("button", { name: "Block dates" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Block or unblock time" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First day").fill(wednesday);
  await dialog.getByLabel("Last day").fill(wednesday);
  await dialog.getByLabel("Private note (optional)").fill("Closed for repairs");
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The week of the block, with the toolbar (the page stays: no second load of the page and
  // its calendar, which took most of this journey's time on a busy machine): shown on the
  // grid and in the list.
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page.getByRole("button", { name: "Week", exact: true })).toHaveAttribute("aria-pressed", "true");
  for (let week = 0; week < WEEKS_AHEAD; week += 1) {
    const title = await page.getByTestId("calendar-title").textContent();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(page.getByTestId("calendar-title")).not.toHaveText(title ?? "");
  }
  await expect(page).toHaveURL(new RegExp(`[?&]date=${monday}(&|$)`));
  const calendar = page.getByTestId("host-calendar");
  await expect(calendar.getByText("Blocked: Closed for repairs")).toBeVisible();
  await expect(page.getByTestId("calendar-agenda").getByText("Closed for repairs")).toBeVisible();
  // The block on the grid is reached with Tab and opened with Enter.
  await page.getByRole("button", { name: "Week", exact: true }).focus();
  for (let tabs = 0; tabs < 20; tabs += 1) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.textContent ?? "")).includes("Blocked: Closed for repairs")) break;
  }
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "Blocked time" });
  await expect(details.getByText("Closed for repairs")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // Friday 10:00–12:00 selected on the week view (a drag; a phone selects with a long press, so it uses the dialog's hours).
  const friday = addDays(monday, 4);
  if (testInfo.project.name === "desktop") {
    const column = calendar.getByRole("columnheader").filter({ hasText: "Fri" }).first();
    const ten = calendar.getByText("10:00", { exact: true }).first();
    const noon = calendar.getByText("12:00", { exact: true }).first();
    const x = (await column.boundingBox())!;
    const from = (await ten.boundingBox())!;
    const to = (await noon.boundingBox())!;
    await page.mouse.move(x.x + x.width / 2, from.y + from.height / 2 + 4);
    await page.mouse.down();
    await page.mouse.move(x.x + x.width / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(x.x + x.width / 2, to.y - 4, { steps: 5 });
    await page.mouse.up();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("From")).toHaveValue(`${friday}T10:00`);
    await expect(dialog.getByLabel("Until")).toHaveValue(`${friday}T12:00`);
  } else {
    await page.getByRole("button", { name: "Block dates" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("checkbox", { name: "Whole days" }).uncheck();
    await dialog.getByLabel("From").fill(`${friday}T10:00`);
    await dialog.getByLabel("Until").fill(`${friday}T12:00`);
  }
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("calendar-agenda").getByTestId("agenda-block")).toHaveCount(2);

  // Thursdays open 12:00–16:00 only.
  const settings = page.getByTestId("schedule-settings-form");
  await settings.getByLabel("Thursday opening 1 from").selectOption("12:00");
  await settings.getByLabel("Thursday opening 1 until").selectOption("16:00");
  await settings.getByRole("button", { name: "Save hours and rules" }).click();
  await expect(settings.getByText("Hours and rules saved.")).toBeVisible();
  // The week with both blocks, for the record (the whole day has no "00:00 – 00:00").
  await expect(calendar.getByText("00:00 – 00:00")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/work/shots/host-calendar/week-${width}.png`, fullPage: true });

  // The guest, in a browser of their own, finds that time no longer offered.
  const guest = await pageAtProjectWidth(browser, testInfo);
  await openWeek(guest, host.listing.path, WEEKS_AHEAD);
  await expect(gridCell(guest, 2, "10:00")).toBeDisabled();
  await expect(gridCell(guest, 2, "15:00")).toBeDisabled();
  await expect(gridCell(guest, 4, "10:00")).toBeDisabled();
  await expect(gridCell(guest, 4, "11:00")).toBeDisabled();
  await expect(gridCell(guest, 4, "13:00")).toBeEnabled();
  await expect(gridCell(guest, 1, "10:00")).toBeEnabled();
  // Thursday: only 12:00–16:00 (the widget follows the listing's hours).
  await expect(gridCell(guest, 3, "10:00")).toBeDisabled();
  await expect(gridCell(guest, 3, "13:00")).toBeEnabled();
  await guest.context().close();
});
