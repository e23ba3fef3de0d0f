import type { Page } from "@playwright/test";
import { fillCard, openWeek, pickSlot } from "#tests/e2e/support/booking-widget";
import { newMember } from "#tests/e2e/support/bookings";
import { accountButton, createListing, expect, openAuthDialog, PASSWORD, runJob, signIn, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Issue #29 points 1 and 2 (ADRs 0240-0242): a forgotten password reset from the e-mail
 * in /dev/mail, and a new account that verifies its address from /dev/mail, then books.
 * Screenshots at 390 and 1280 px under /work/shots/account-email/.
 */
const SHOTS = "/work/shots/account-email";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** Opens /dev/mail (running the outbox job until it lists it) at the newest e-mail to `email` with `subject`. */
async function findMail(page: Page, email: string, subject: string) {
  const mail = page
    .getByTestId("dev-mail")
    .filter({ has: page.getByTestId("dev-mail-to").getByText(email, { exact: true }) })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(async () => {
    await runJob(page, "mail-outbox", new Date());
    await page.goto("/dev/mail");
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return mail;
}

/** The link to `path` in the plain-text part of the newest e-mail to `email` with `subject`, as the user would copy it. */
async function linkInMail(page: Page, email: string, subject: string, path: string) {
  const mail = await findMail(page, email, subject);
  await mail.getByText("Plain-text part").click();
  const text = (await mail.locator("pre").textContent()) ?? "";
  return new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text)![0];
}

test("reset a forgotten password from the e-mail in /dev/mail and sign in with the new one", async ({ page }, testInfo) => {
  const email = uniqueEmail(`forgot-${testInfo.project.name}`);
  await signUp(page, email, PASSWORD);
  await page.context().clearCookies();

  await page.goto("/");
  const dialog = await openAuthDialog(page, "signin");
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Reset your password" });
  await expect(forgot).toBeVisible();
  await forgot.getByLabel("Email").fill(email);
  await shot(page, "forgot-dialog");
  // Keyboard: Enter submits the form.
  await forgot.getByLabel("Email").press("Enter");
  await expect(forgot.getByRole("status")).toHaveText(`If an account exists for ${email}, we have sent it a link to reset the password. The link works once, for 1 hour. Check your spam folder if it does not arrive.`);
  await shot(page, "forgot-sent");
  await forgot.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await page.keyboard.press("Escape");

  const link = await linkInMail(page, email, "Reset your Rentwell password", "/reset-password");
  await page.goto(link);
  // The token has left the address bar before the page loaded anything.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  const newPassword = "quiet-meadow-compass-77";
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByLabel("New password")).toHaveAccessibleDescription(/at least 8 characters/);
  await expect(page.getByLabel("New password")).toBeFocused();
  await page.getByLabel("New password").fill(newPassword);
  await shot(page, "reset-page");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password was changed. Sign in with your new password.")).toBeVisible();
  await shot(page, "reset-done");

  // The link works once.
  await page.goto(link);
  await expect(page.getByText("This link was already used. Ask for a new one if you still need it.")).toBeVisible();

  await signIn(page, email, newPassword);
  await expect(accountButton(page)).toBeVisible();
  // The 'your password was changed' notice went out too.
  await expect(await findMail(page, email, "Your Rentwell password was changed")).toContainText("every other device signed in to it was signed out");
});

test("sign up, verify the address from /dev/mail, then book", async ({ page, browser }, testInfo) => {
  // Two people, three e-mails fetched through the outbox job and two passes through the booking widget.
  test.setTimeout(90_000);
  const host = await newMember(browser, testInfo, "verify-host");
  const listing = await createListing(host.page, `Verified loft ${testInfo.project.name} ${Date.now().toString(36)}`);
  await host.context.close();

  const email = uniqueEmail(`verify-${testInfo.project.name}`);
  await page.goto("/");
  await signUp(page, email, PASSWORD, { through: "dialog", verified: false });
  const banner = page.getByTestId("email-verification-banner");
  await expect(banner).toContainText(`Verify your e-mail address to book, list a space or receive payouts. We sent a link to ${email}.`);
  await shot(page, "banner");

  // Before verifying, the server refuses the booking with the reason.
  const weeks = testInfo.project.name === "phone" ? 3 : 1;
  await openWeek(page, listing.path, weeks);
  await pickSlot(page, 2, "14:00");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const panel = page.getByRole("region", { name: "Booking", exact: true });
  await expect(panel.getByText("Verify your e-mail address before you book")).toBeVisible();
  await panel.screenshot({ path: `${SHOTS}/book-refused-${page.viewportSize()?.width ?? 0}.png` });

  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(banner.getByRole("status")).toHaveText(`We sent a new link to ${email}. It works for 24 hours.`);

  const link = await linkInMail(page, email, "Confirm your e-mail address for Rentwell", "/verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`Confirm that ${email} is your e-mail address.`)).toBeVisible();
  await shot(page, "verify-page");
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByText(`Thank you: ${email} is verified.`)).toBeVisible();
  await expect(page.getByTestId("email-verification-banner")).toHaveCount(0);
  await shot(page, "verify-done");

  await openWeek(page, listing.path, weeks);
  await pickSlot(page, 2, "14:00");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const form = await fillCard(page, "4242 4242 4242 4242");
  await form.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
});

test("the profile shows the address as verified and offers to change it", async ({ page, user }) => {
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section).toContainText(`You sign in with ${user.email}.`);
  await expect(section).toContainText("Verified");
  await section.getByLabel("New e-mail address").fill(`moved-${user.email}`);
  await section.getByLabel("Current password").fill("not the password");
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByLabel("Current password")).toHaveAccessibleDescription("The current password is not correct.");
  await section.getByLabel("Current password").fill(user.password);
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByRole("status")).toContainText(`We sent a link to moved-${user.email}.`);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "profile-email");
});
