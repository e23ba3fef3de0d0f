import fs from "node:fs";
import * as OTPAuth from "otpauth";
import { expect, test, accountButton, openAuthDialog, runJob, type Account } from "#tests/e2e/support/fixtures";
import type { Page } from "@playwright/test";

/**
 * Issue #29 point 4 end to end, at 390 and 1280 px: /profile/security signs out another
 * session, turns two-step sign-in on with a code this test computes (otpauth, as an
 * authenticator app would), and the sign-in dialog then asks for a code — an app's code
 * once, a recovery code the next time.
 */
const SHOTS = "/work/shots/security";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The code an authenticator app shows `offsetMs` from now (one step ahead stays within the accepted drift). */
function appCode(secret: string, offsetMs = 0) {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: Date.now() + offsetMs });
}

async function shot(page: Page, name: string, width: string, { fullPage = true } = {}) {
  if (!fs.existsSync("/work/shots")) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
}

async function signOutHere(page: Page) {
  await page.request.post("/auth/sign-out", { maxRedirects: 0 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
}

/** The password step of the real dialog, up to the code step. */
async function passwordStep(page: Page, account: Account) {
  const dialog = await openAuthDialog(page, "signin");
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog.getByLabel("Code or recovery code")).toBeFocused();
  return dialog;
}

test("sessions and two-step sign-in on /profile/security", async ({ page, user, browser, baseURL }, testInfo) => {
  const width = testInfo.project.name === "phone" ? "390" : "1280";
  if (width === "390") await page.setViewportSize({ width: 390, height: 844 });

  // A second session, on "an iPhone".
  const phone = await browser.newContext({ baseURL, userAgent: IPHONE, extraHTTPHeaders: { "X-Forwarded-For": "198.18.7.7" } });
  expect((await phone.request.post("/auth/sign-in", { form: { ...user } })).status()).toBe(200);

  await page.goto("/profile");
  await page.getByRole("link", { name: "Security", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  const rows = page.getByTestId("session");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  const iphone = rows.filter({ hasText: "Mobile Safari 17 on iOS 17.5" });
  await expect(iphone).toContainText("Place unknown");
  await shot(page, "sessions", width);

  // 'Sign out' the iPhone: gone from the list, and its session no longer opens the page.
  await iphone.getByRole("button", { name: /^Sign out: Mobile Safari 17 on iOS 17\.5$/ }).click();
  await expect(rows).toHaveCount(1);
  const after = await phone.request.get("/profile/security", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  await phone.close();

  // Two-step sign-in: the QR code and its key, then a code from the "app".
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("two-step-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, "two-step-setup", width);
  const code = page.getByLabel("Code", { exact: true });
  await code.fill("000000" === appCode(secret) ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await expect(code).toBeFocused();
  await code.fill(appCode(secret));
  await code.press("Enter");
  const recovery = page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(recovery).toHaveCount(10);
  const recoveryCodes = await recovery.allInnerTexts();
  await expect(page.getByText("Signing in asks for a code")).toBeVisible();
  await shot(page, "two-step-on", width);

  // Signing in again: the password alone is not enough; one step ahead of now is a new code.
  await signOutHere(page);
  let dialog = await passwordStep(page, user);
  await expect(accountButton(page)).toHaveCount(0);
  await shot(page, "sign-in-code-step", width, { fullPage: false });
  await dialog.getByLabel("Code or recovery code").fill(appCode(secret, 30_000));
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();

  // And with a recovery code, which then works no more.
  await signOutHere(page);
  dialog = await passwordStep(page, user);
  await dialog.getByLabel("Code or recovery code").fill(recoveryCodes[0]!);
  await dialog.getByLabel("Code or recovery code").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
  await page.goto("/profile/security");
  await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();
});

test("download my data, then delete my account", async ({ page, user }, testInfo) => {
  const width = testInfo.project.name === "phone" ? "390" : "1280";
  if (width === "390") await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/profile/security");
  const data = page.getByRole("region", { name: "Your data" });
  await data.getByRole("button", { name: "Download my data" }).click();
  await expect(data.getByText("We're preparing your data. We'll e-mail you a link when it's ready.")).toBeVisible();

  // The background job builds it; the page then offers the download (the e-mail carries the same link).
  expect(await runJob(page, "data-exports", new Date())).toMatchObject({ built: 1 });
  await page.reload();
  await expect(data.getByText(/^Your data is ready until /)).toBeVisible();
  await data.scrollIntoViewIfNeeded();
  await shot(page, "your-data", width);
  const [file] = await Promise.all([page.waitForEvent("download"), data.getByRole("link", { name: "Download my data" }).click()]);
  expect(file.suggestedFilename()).toMatch(/^rentwell-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await file.path())!, "utf8")) as { account: { email: string } };
  expect(exported.account.email).toBe(user.email);

  // Delete: the confirmation box first, then the account is gone and signs nobody in.
  const remove = data.getByRole("button", { name: "Delete my account" });
  await data.getByLabel("Current password").fill(user.password);
  await remove.click();
  await expect(data.getByText("Tick the box to confirm.")).toBeVisible();
  await data.getByLabel("I understand that this cannot be undone").check();
  await remove.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
  const again = await page.request.post("/auth/sign-in", { form: { ...user } });
  expect(again.status()).toBe(401);
});
