import type { Page, TestInfo } from "@playwright/test";
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { slugify } from "~/features/listings/slug";
import { ADMIN, expect, pageAtProjectWidth, signInThroughApi, test } from "#tests/e2e/support/fixtures";
import { openWeek, pickSlot } from "#tests/e2e/support/booking-widget";

/**
 * Identity verification (issue #29 point 3), at phone (390 px) and desktop (1280 px) widths:
 * a member uploads an ID photo and a selfie, an admin approves them in /admin from another
 * browser, and the member's public page shows the 'Verified' badge; a guest without a
 * verified identity is refused by a listing for verified guests.
 */
const SHOTS = "/work/shots/identity";
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

const address = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

async function photo(colour: string) {
  return { name: "photo.jpg", mimeType: "image/jpeg", buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: colour } }).jpeg().toBuffer() };
}

async function otherPerson(browser: Parameters<typeof pageAtProjectWidth>[0], testInfo: TestInfo, account: { email: string; password: string }) {
  const page = await pageAtProjectWidth(browser, testInfo, { extraHTTPHeaders: { "X-Forwarded-For": address() } });
  await signInThroughApi(page, account);
  return page;
}

test("a member sends an ID photo and a selfie, an admin approves them, and the Verified badge appears", async ({ page, user, browser }, testInfo) => {
  await page.goto("/profile");
  await page.getByRole("link", { name: IDENTITY_TEXT.profileLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: IDENTITY_TEXT.pageTitle })).toBeVisible();
  await expect(page.getByTestId("identity-status")).toContainText(IDENTITY_TEXT.statusBadge.none);

  // A PDF is refused with the reason, before anything is stored. (The file inputs are
  // enabled once the page is hydrated; a file chosen before would reach no handler.)
  await expect(page.getByLabel(IDENTITY_TEXT.documentLabel)).toBeEnabled();
  await page.getByLabel(IDENTITY_TEXT.documentLabel).setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%%EOF") });
  await expect(page.getByText(IDENTITY_TEXT.errors.notImage)).toBeVisible();

  await page.getByLabel(IDENTITY_TEXT.documentLabel).setInputFiles(await photo("#1e5aa0"));
  await expect(page.getByRole("img", { name: `${IDENTITY_TEXT.documentLabel}: preview` })).toBeVisible();
  await page.getByLabel(IDENTITY_TEXT.selfieLabel).setInputFiles(await photo("#c08040"));
  await expect(page.getByRole("img", { name: `${IDENTITY_TEXT.selfieLabel}: preview` })).toBeVisible();
  await expect(page.getByText(IDENTITY_TEXT.errors.notImage)).toBeHidden();
  await shot(page, "identity-uploaded");
  // With the keyboard: from the selfie's file input, Tab reaches 'Submit for review'.
  await page.getByLabel(IDENTITY_TEXT.selfieLabel).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: IDENTITY_TEXT.submit })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("identity-status")).toContainText(IDENTITY_TEXT.statusBadge.pending);
  await expect(page.getByTestId("identity-status")).toContainText(IDENTITY_TEXT.status.pending);
  await shot(page, "identity-pending");

  // The admin, in a browser of their own, approves from /admin.
  const admin = await otherPerson(browser, testInfo, ADMIN);
  await admin.goto("/admin");
  const review = admin.getByTestId("identity-review").filter({ hasText: user.email });
  await expect(review.getByRole("img", { name: new RegExp(`^${IDENTITY_TEXT.admin.document}: `) })).toBeVisible();
  await expect(review.getByRole("img", { name: new RegExp(`^${IDENTITY_TEXT.admin.selfie}: `) })).toBeVisible();
  await review.scrollIntoViewIfNeeded();
  await shot(admin, "identity-admin-review");
  await review.getByRole("button", { name: `${IDENTITY_TEXT.admin.approve}: ${user.email}` }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin.getByRole("status").filter({ hasText: IDENTITY_TEXT.admin.approved })).toBeVisible();
  await admin.context().close();

  // The member's status, and the badge on their public page.
  await page.reload();
  await expect(page.getByTestId("identity-status").getByTestId("verified-badge")).toBeVisible();
  await expect(page.getByTestId("identity-status")).toContainText(IDENTITY_TEXT.status.verified);
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: IDENTITY_TEXT.profileLinkVerified })).toBeVisible();
  await page.getByRole("link", { name: "View public page" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("verified-badge")).toBeVisible();
  await expect(page.getByTestId("trust-signals")).toContainText("Identity verified");
  await shot(page, "identity-host-page-verified");
});

test("a guest without a verified identity is refused by a listing for verified guests, with the way to verify", async ({ page, browser }, testInfo) => {
  // A demo host (e-mail verified) publishes a listing that accepts only verified guests, through the listing form's action.
  const host = await otherPerson(browser, testInfo, { email: "host@rentwell.test", password: "rentwell-demo" });
  const title = `Verified guests loft ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await host.request.post("/create-listing", {
    form: {
      title,
      description: "A quiet room for verified guests.",
      rentalType: "space",
      type: "photo-studio",
      hourlyPrice: "42.50",
      currency: "USD",
      capacity: "4",
      amenities: "Wi-Fi",
      location: "Austin, Texas",
      country: "United States",
      streetAddress: "500 Congress Ave",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      requiresVerifiedGuests: "on",
      intent: "publish",
    },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  // The setting shows ticked in the host's form.
  await host.goto("/my-listings");
  await host.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(host.getByRole("checkbox", { name: IDENTITY_TEXT.listingSetting })).toBeChecked();
  await host.context().close();

  await signInThroughApi(page, { email: "guest@rentwell.test", password: "rentwell-demo" });
  await openWeek(page, `/space/${slugify(title)}/${slugify("Austin, Texas")}`, 2);
  const note = page.getByTestId("verified-guests-only");
  await expect(note).toContainText(IDENTITY_TEXT.booking.listingNote);
  await expect(note.getByRole("link", { name: IDENTITY_TEXT.booking.verifyLink })).toHaveAttribute("href", "/profile/identity");
  await pickSlot(page, 2, "14:00");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByText(IDENTITY_TEXT.booking.required)).toBeVisible();
  await expect(page.getByRole("form", { name: "Card details" })).toBeHidden();
  await shot(page, "identity-booking-refused");
  await note.getByRole("link", { name: IDENTITY_TEXT.booking.verifyLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: IDENTITY_TEXT.pageTitle })).toBeVisible();
});
