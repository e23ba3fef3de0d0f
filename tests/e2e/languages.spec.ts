import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/** Screenshots for the closing note (issue #31): home in Arabic and Japanese at both widths. */
const SHOTS = "/work/shots/i18n";

async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("languages (issue #31, ADR 0293)", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // The closing note's phone width.
    if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  });

  test("choosing Español from the footer shows the shell in Spanish and keeps it; Arabic reads right to left", async ({ page }) => {
    await page.goto("/explore");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const languages = page.getByRole("contentinfo").getByRole("navigation", { name: "Language" });
    await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    await languages.getByRole("link", { name: "Español" }).click();

    // The same page, in Spanish.
    await expect(page).toHaveURL(/\/es\/explore$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const nav = page.getByRole("navigation", { name: "Principal" }).filter({ visible: true });
    await expect(nav.getByRole("link", { name: "Cómo funciona" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Explorar" })).toHaveAttribute("aria-current", "page");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Política de privacidad" })).toBeVisible();
    await expect(footer.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");

    // Moving on inside the app keeps the language and the prefix.
    await nav.getByRole("link", { name: "Inicio" }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Inicio de Rentwell" })).toBeVisible();
    // The choice is saved: the unprefixed address answers in Spanish too.
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // Arabic, chosen with the keyboard: right to left, nothing wider than the screen.
    const arabic = page.getByRole("contentinfo").getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "العربية" });
    await arabic.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/ar\/about$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("navigation", { name: "القائمة الرئيسية" }).filter({ visible: true }).getByRole("link", { name: "الرئيسية" })).toBeVisible();
    await noHorizontalOverflow(page);
    await page.goto("/ar");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "سياسة الخصوصية" })).toBeVisible();
    await noHorizontalOverflow(page);
  });

  test("home in Arabic and Japanese, for the closing note's screenshots", async ({ page }, testInfo) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const width = testInfo.project.name === "phone" ? 390 : 1280;
    for (const lang of ["ar", "ja"]) {
      await page.goto(`/${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await page.waitForLoadState("networkidle");
      await noHorizontalOverflow(page);
      await page.screenshot({ path: `${SHOTS}/home-${lang}-${width}.png`, fullPage: true });
    }
  });
});
