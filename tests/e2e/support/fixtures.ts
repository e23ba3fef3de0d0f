import { test as base, expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { slugify } from "~/features/listings/slug";

/**
 * Playwright fixtures for journeys that need someone signed in. Sessions are made
 * through the app's endpoints (POST /auth/sign-up, /auth/sign-in, /create-listing),
 * never through the UI — only the journeys that test the sign-in dialog go through it
 * (`signUp(page, email, password, { through: "dialog" })`).
 *
 *   import { expect, test } from "#tests/e2e/support/fixtures";
 *   test("…", async ({ page, host }) => { await page.goto(host.listing.path); … });
 */

export type Account = { email: string; password: string };
export type HostAccount = Account & { listing: { title: string; location: string; path: string } };

export const PASSWORD = "sunny-harbour-lantern-42";
/** The demo admin (an ADMIN_EMAILS address) the demo data creates. */
export const ADMIN: Account = { email: "admin@rentwell.test", password: "rentwell-demo" };

/** A unique address per test and browser width, so journeys never collide. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The account button in the header (the visible one: dropdown on wide screens, list on small). */
export function accountButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Account menu for / }).filter({ visible: true });
}

/**
 * Waits until React has hydrated a signed-out page: the header's sign-in button is enabled
 * only then. A click on a server-rendered button that needs JavaScript (an accordion, a
 * dialog) before that is lost, most often on a busy machine.
 */
export async function hydrated(page: Page) {
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeEnabled();
}

/** Opens the sign-in dialog from the header, in the given mode. */
export async function openAuthDialog(page: Page, mode: "signin" | "signup" = "signin") {
  if (page.url() === "about:blank") await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  if (mode === "signin") return dialog;
  await dialog.getByRole("button", { name: "Create an Account" }).click();
  const signUpDialog = page.getByRole("dialog", { name: "Create an Account" });
  await expect(signUpDialog).toBeVisible();
  return signUpDialog;
}

/**
 * The one sign-up. By default through the endpoint: the session cookies land in the
 * page's browser context, and the next page load shows the user. `through: "dialog"`
 * fills in the real dialog and waits for the signed-in header.
 */
export async function signUp(
  page: Page,
  email: string,
  password: string,
  { through = "api", verified = true }: { through?: "api" | "dialog"; verified?: boolean } = {},
) {
  if (through === "api") {
    const response = await page.request.post("/auth/sign-up", { form: { email, password } });
    expect(response.status(), await response.text()).toBe(200);
  } else {
    const dialog = await openAuthDialog(page, "signup");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page)).toBeVisible();
  }
  // A new address must be verified before its account books, lists or is paid (ADR 0241):
  // by default the journey opens the link of the e-mail, as its user would. `verified: false` leaves it.
  if (verified) await verifyEmailFromMail(page, email);
}

/**
 * /dev/mail answers clients on the server's machine only (ADR 0242). Journeys come from
 * their own forwarded address; requests for the mail viewer carry the loopback address
 * instead, as a developer's browser on that machine would.
 */
export const LOCAL_CLIENT = { "X-Forwarded-For": "127.0.0.1" };

/** The newest link to `path` (e.g. "/verify-email") in an e-mail to `email`, as /dev/mail lists it. */
export async function linkFromMail(page: Page, email: string, path: "/verify-email" | "/reset-password"): Promise<string> {
  let link = "";
  await expect(async () => {
    await runJob(page, "mail-outbox", new Date());
    // Only this address's e-mails: the whole list is the suite's newest 200, slow to render late in a run.
    const html = await (await page.request.get(`/dev/mail?to=${encodeURIComponent(email)}`, { headers: LOCAL_CLIENT })).text();
    // The message whose recipient is `email` (its "To" element), not any text that names the
    // address: the page's data for the signed-in reader names it too, beside other people's links.
    const mail = html.split('data-testid="dev-mail"').find((part) => part.includes(`data-testid="dev-mail-to">${email}<`) && part.includes(`${path}?token=`));
    link = new RegExp(`${path}\\?token=[A-Za-z0-9_-]+`).exec(mail ?? "")?.[0] ?? "";
    expect(link, `an e-mail to ${email} with a ${path} link`).not.toBe("");
  }).toPass();
  return link;
}

/** Opens the verification link e-mailed to `email` and confirms it, in `page`'s browser context. */
export async function verifyEmailFromMail(page: Page, email: string) {
  const link = await linkFromMail(page, email, "/verify-email");
  expect((await page.request.get(link)).status()).toBe(200);
  const confirmed = await page.request.post("/verify-email", { form: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Signs in through the real dialog and waits for the signed-in header. */
export async function signIn(page: Page, email: string, password: string) {
  const dialog = await openAuthDialog(page, "signin");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
}

/** Signs the page's browser context in through the endpoint. */
export async function signInThroughApi(page: Page, account: Account) {
  const response = await page.request.post("/auth/sign-in", { form: { ...account } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Publishes a listing as the signed-in user through the create action, as the form would
 * post it: a photo studio in Austin, or what `fields` changes (a vehicle, requirements…).
 */
export async function createListing(page: Page, title: string, fields: Record<string, string> = {}) {
  const location = "Austin, Texas";
  const response = await page.request.post("/create-listing", {
    form: {
      title,
      description: "A bright room with north light.",
      rentalType: "space",
      type: "photo-studio",
      hourlyPrice: "42.50",
      currency: "USD",
      capacity: "6",
      amenities: "Wi-Fi, Parking",
      location,
      country: "United States",
      streetAddress: "500 Congress Ave",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      intent: "publish",
      ...fields,
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return { title, location, path: `/space/${slugify(title)}/${slugify(location)}` };
}

/** An address from the benchmarking range 198.18.0.0/15: never a real client. */
function journeyAddress() {
  const octet = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${octet()}.${octet()}`;
}

export const test = base.extend<{ user: Account; host: HostAccount; admin: Account }>({
  /**
   * Every journey comes from its own client address, as if through one trusted proxy
   * (the end-to-end server runs with TRUST_PROXY=1): per-address limits then count one
   * journey's requests, as they count one visitor's, instead of the whole suite's
   * sign-ups from 127.0.0.1 (docs/decisions/0082-sign-up-probing.md).
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": journeyAddress() });
  },
  /** The journey's pages read /dev/mail as a client on the server's machine (see LOCAL_CLIENT). */
  page: async ({ page }, provide) => {
    await page.route(/\/dev\/mail(?:[/.?]|$)/, (route) => route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": LOCAL_CLIENT["X-Forwarded-For"] } }));
    await provide(page);
  },
  /** A new account, signed in on `page`. */
  user: async ({ page }, provide, testInfo) => {
    const account = { email: uniqueEmail(`user-${testInfo.project.name}`), password: PASSWORD };
    await signUp(page, account.email, account.password);
    await provide(account);
  },
  /** A new account with one published listing, signed in on `page`. */
  host: async ({ page }, provide, testInfo) => {
    const account = { email: uniqueEmail(`host-${testInfo.project.name}`), password: PASSWORD };
    await signUp(page, account.email, account.password);
    const listing = await createListing(page, `Fixture loft ${testInfo.project.name} ${Date.now().toString(36)}`);
    await provide({ ...account, listing });
  },
  /** The demo admin, signed in on `page`. */
  admin: async ({ page }, provide) => {
    await signInThroughApi(page, ADMIN);
    await provide(ADMIN);
  },
});

export { expect };

/**
 * Moves this browser context's clock (ADR 0095): every later request of the context,
 * page loads and fetches alike, carries X-Test-Now, so the server decides as if it were
 * `at`. Other journeys keep the real time. The browser's own Date is not moved.
 */
export async function setServerClock(page: Page, at: Date) {
  await page.context().setExtraHTTPHeaders({ "x-test-now": at.toISOString() });
}

/**
 * Runs a background job (app/features/jobs/background-jobs.server.ts) now, at `at`; returns
 * its result. The hold sweep and the payout run at a clock other than the real time must
 * name the journey's listing (`spaceId`): over every listing they would end the checkouts
 * and complete the bookings of the journeys running beside this one.
 */
export async function runJob(page: Page, name: string, at: Date, { spaceId }: { spaceId?: string } = {}): Promise<unknown> {
  const query = spaceId ? `?spaceId=${encodeURIComponent(spaceId)}` : "";
  const response = await page.request.post(`/__test/jobs/${name}${query}`, { headers: { "x-test-now": at.toISOString() } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result?: unknown }).result;
}

/**
 * A page in a browser of its own (no cookies) at the project's width (390 px on the
 * phone), for a journey's second person; `extraHTTPHeaders` e.g. its own client address.
 */
export async function pageAtProjectWidth(browser: Browser, testInfo: TestInfo, { extraHTTPHeaders }: { extraHTTPHeaders?: Record<string, string> } = {}) {
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.name === "phone" ? { width: 390, height: 844 } : viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    extraHTTPHeaders,
  });
  return context.newPage();
}
