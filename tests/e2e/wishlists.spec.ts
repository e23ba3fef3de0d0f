import type { Page, TestInfo } from "@playwright/test";
import { accountButton, createListing, expect, hydrated, pageAtProjectWidth, PASSWORD, runJob, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/** Issue #27 points 5 and 6: the heart, named lists, availability on /wishlists, the share link, saved searches. */

/** The phone project runs at 390 px, the desktop one at 1280 px. */
async function atProjectWidth(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
}

/** The demo data's listing these journeys save (published, hourly, seeded on every fresh server). */
const LISTING = "Daikanyama White Photo Studio";

function card(page: Page, title: string) {
  return page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

test.describe("wishlists", () => {
  test("signed out: the heart asks to sign in and saves after; a named list; availability; a read-only share link", async ({ page, browser }, testInfo) => {
    await atProjectWidth(page, testInfo);
    const width = testInfo.project.name;
    // An account that exists but is signed out in this browser.
    const email = uniqueEmail(`wishlist-${width}`);
    const made = await page.request.post("/auth/sign-up", { form: { email, password: PASSWORD } });
    expect(made.status()).toBe(200);
    await page.context().clearCookies();

    await page.goto(`/explore?q=${encodeURIComponent("Daikanyama")}`);
    await hydrated(page);
    const heart = card(page, LISTING).getByRole("button", { name: `Save ${LISTING} to a wishlist` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`explore-hearts-${width}.png`) });
    // By keyboard: the heart is a button in the tab order.
    await heart.focus();
    await page.keyboard.press("Enter");

    // The sign-in dialog; after signing in, the listing is saved without pressing again.
    const signInDialog = page.getByRole("dialog", { name: "Sign In" });
    await expect(signInDialog).toBeVisible();
    await signInDialog.getByLabel("Email").fill(email);
    await signInDialog.getByLabel("Password").fill(PASSWORD);
    await signInDialog.getByRole("button", { name: "Sign In", exact: true }).click();
    // The list dialog opens over the page (which is then hidden from the accessibility tree).
    const choose = page.getByRole("dialog", { name: "Save to a wishlist" });
    await expect(choose).toBeVisible();
    await expect(choose.getByText("Saved to Favorites")).toBeVisible();
    await expect(choose.getByRole("button", { name: /^Favorites/ })).toHaveAttribute("aria-pressed", "true");

    // A named list: a blank name is refused in place, a good one is made and holds the listing.
    await choose.getByRole("button", { name: "Create and save" }).click();
    await expect(choose.getByText("Give the list a name.")).toBeVisible();
    await choose.getByLabel("New list").fill("Tokyo shoot");
    await choose.getByLabel("New list").press("Enter");
    await expect(choose.getByRole("button", { name: /^Tokyo shoot/ })).toHaveAttribute("aria-pressed", "true");
    await page.screenshot({ path: testInfo.outputPath(`wishlist-dialog-${width}.png`) });
    await page.keyboard.press("Escape");
    await expect(choose).toBeHidden();
    await expect(accountButton(page)).toBeVisible();
    await expect(card(page, LISTING).getByRole("button", { name: `Remove ${LISTING} from your wishlists` })).toHaveAttribute("aria-pressed", "true");

    // /wishlists, from the account menu's link.
    await page.goto("/wishlists");
    const lists = page.getByRole("navigation", { name: "Your wishlists" });
    await expect(lists.getByRole("link", { name: /Favorites/ })).toHaveAttribute("aria-current", "page");
    await lists.getByRole("link", { name: /Tokyo shoot/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Tokyo shoot" })).toBeVisible();
    const listed = page.getByRole("list", { name: "Listings in Tokyo shoot" });
    await expect(listed.getByRole("link", { name: LISTING, exact: true })).toBeVisible();

    // Availability for a date: the widget's answer for the day, or a clear message for a bad range.
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const before = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    // (The form is a GET form: its address is what pressing 'Show availability' opens.)
    const listUrl = new URL(page.url());
    await page.goto(`${listUrl.pathname}${listUrl.search}&from=${from}&to=${before}`);
    await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
    await page.getByLabel("To (optional)").clear();
    await page.getByRole("button", { name: "Show availability" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=$`));
    await expect(page.getByTestId("availability-note")).toHaveText(/^(Free from \d\d:00 on .+|Booked on these dates|Closed on these dates)$/);

    // Share by link; a fresh browser (signed out) sees it read-only.
    await page.getByRole("button", { name: "Share by link" }).click();
    const link = page.getByLabel("Anyone with this link can see the list (read-only)");
    await expect(link).toHaveValue(/\/wishlists\/shared\/[A-Za-z0-9_-]{32}$/);
    await page.screenshot({ path: testInfo.outputPath(`wishlists-page-${width}.png`), fullPage: true });
    const shareUrl = await link.inputValue();

    const visitor = await pageAtProjectWidth(browser, testInfo);
    await visitor.goto(new URL(shareUrl).pathname);
    await expect(visitor.getByRole("heading", { level: 1, name: "Tokyo shoot" })).toBeVisible();
    await expect(visitor.getByText("read-only")).toBeVisible();
    await expect(visitor.getByRole("link", { name: LISTING, exact: true })).toBeVisible();
    await expect(visitor.getByRole("button", { name: /Remove from list|Delete list|Share by link|Rename/ })).toHaveCount(0);
    await visitor.screenshot({ path: testInfo.outputPath(`shared-wishlist-${width}.png`), fullPage: true });

    // Stop sharing: the old link is the 404 page.
    await page.getByRole("button", { name: "Stop sharing" }).click();
    await expect(page.getByRole("button", { name: "Share by link" })).toBeVisible();
    const gone = await visitor.goto(new URL(shareUrl).pathname);
    expect(gone?.status()).toBe(404);
    await visitor.context().close();

    // Someone else's list id, or nonsense: a clear message, never an error page.
    await page.goto(`/wishlists?list=${crypto.randomUUID()}`);
    await expect(page.getByRole("alert").filter({ hasText: "Wishlist not found" })).toBeVisible();
  });

  test("without JavaScript the heart is a form that saves to Favorites", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    const made = await page.request.post("/auth/sign-up", { form: { email: uniqueEmail(`nojs-${testInfo.project.name}`), password: PASSWORD } });
    expect(made.status()).toBe(200);
    await page.goto(`/explore?q=${encodeURIComponent("Daikanyama")}`);
    await card(page, LISTING).getByRole("button", { name: `Save ${LISTING} to a wishlist` }).click();
    await expect(page).toHaveURL(/\/explore\?q=Daikanyama$/);
    await expect(page.getByText("Saved to Favorites")).toBeVisible();
    await page.goto("/wishlists");
    await expect(page.getByRole("list", { name: "Listings in Favorites" }).getByRole("link", { name: LISTING, exact: true })).toBeVisible();

    // Save search works as a plain form too, and shows on /wishlists with its delete button.
    await page.goto("/explore?q=Daikanyama&location=Tokyo");
    await page.getByRole("button", { name: "Save search" }).click();
    await expect(page.getByText("Search saved: we will e-mail you when a listing matches")).toBeVisible();
    await page.goto("/wishlists");
    const saved = page.getByRole("list", { name: "Saved searches" });
    await expect(saved.getByRole("link", { name: "“Daikanyama” · in Tokyo" })).toBeVisible();
    await saved.getByRole("button", { name: "Delete saved search “Daikanyama” · in Tokyo" }).click();
    await expect(page.getByText("No saved searches")).toBeVisible();
    await context.close();
  });

  test("a saved search e-mails its guest when a matching listing is published; the e-mail's link deletes it", async ({ page, user, browser }, testInfo) => {
    await atProjectWidth(page, testInfo);
    const word = `Quokka${Date.now().toString(36)}${testInfo.project.name}`;
    await page.goto(`/explore?q=${word}`);
    await expect(page.getByRole("button", { name: "Save search" })).toBeVisible();
    // Hydrated: the header's account button works.
    await expect(accountButton(page)).toBeEnabled();
    await page.getByRole("button", { name: "Save search" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Search saved: we will e-mail you when a listing matches" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`save-search-${testInfo.project.name}.png`) });

    // A host publishes a matching listing; the alert job, then the outbox job, run.
    const host = await pageAtProjectWidth(browser, testInfo);
    // Through the helper: a host's address is verified before it publishes (ADR 0241).
    await signUp(host, uniqueEmail(`alert-host-${testInfo.project.name}`), PASSWORD);
    const listing = await createListing(host, `${word} Garden Studio`);
    await host.context().close();
    await runJob(page, "search-alerts", new Date());
    await runJob(page, "mail-outbox", new Date());

    await page.goto("/dev/mail");
    const mail = page.getByTestId("dev-mail").filter({ hasText: `New for your search: ${listing.title}` });
    await expect(mail).toHaveCount(1);
    await expect(mail.getByTestId("dev-mail-to")).toHaveText(user.email);
    await mail.getByText("Plain-text part").click();
    const text = (await mail.locator("pre").textContent()) ?? "";
    expect(text).toContain("newly listed");
    const deletePath = new URL(/https?:\/\/\S+\/saved-searches\/[A-Za-z0-9_-]+\/delete/.exec(text)![0]).pathname;

    await page.goto(deletePath);
    await page.getByRole("button", { name: "Delete saved search" }).click();
    await expect(page.getByText("Saved search deleted. You will get no more e-mails for it.")).toBeVisible();
    await page.goto("/wishlists");
    await expect(page.getByText("No saved searches")).toBeVisible();
  });
});
