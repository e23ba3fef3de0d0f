import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, pageAtProjectWidth, runJob, setServerClock, signInThroughApi, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Reviews after a stay and the e-mails of a booking (issue #15, ADR 0170/0171), both
 * ways and double-blind (issue #28 point 5, ADR 0272). A host (fixture) publishes a
 * $42.50/hour listing; a guest in another browser books and pays an hour on the test
 * clock, stands past its end, gets the review request, reviews from /my-bookings — and
 * the review stays hidden from everyone else until the host reviews the guest from the
 * dashboard; then the listing's rating and count change, the guest's profile shows the
 * host's review, and the host answers on the space page. /dev/mail shows the e-mails.
 */
const PASSWORD = "review-journey-pw-2026";
const SHOTS = "/tmp/shots-reviews";
const CARD = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "2034", cvc: "123", name: "Review Guest" };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function guestPage(browser: Browser, testInfo: TestInfo) {
  const page = await pageAtProjectWidth(browser, testInfo);
  const email = uniqueEmail(`reviewer-${testInfo.project.name}`);
  await signUp(page, email, PASSWORD);
  return { page, email };
}

/** Books and pays one hour through the booking API, as the widget does, at the page's server clock; returns the booking's id. */
async function bookHour(page: Page, spaceId: string, start: Date, now: Date): Promise<string> {
  const headers = { "x-test-now": now.toISOString() };
  const end = new Date(start.getTime() + 3_600_000);
  const hold = await page.request.post("/api/bookings/payment-intent", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: { spaceId, startTime: start.toISOString(), endTime: end.toISOString(), duration: 1, pricingUnit: "hour", amount: 4675, currency: "USD" },
  });
  expect(hold.status(), await hold.text()).toBe(200);
  const { clientSecret, bookingId } = (await hold.json()) as { clientSecret: string; bookingId: string };
  const paid = await page.request.post("/api/payments/confirm", { headers, data: { clientSecret, card: CARD } });
  expect(paid.status(), await paid.text()).toBe(200);
  return bookingId;
}

test("a guest reviews a finished stay, hidden until the host reviews the guest; then the listing's rating and count change and the guest's profile shows the host's review; the host answers; the e-mails are sent", async ({ page, host, browser }, testInfo) => {
  test.setTimeout(120_000);
  // Each width books its own day, far from the other journeys' weeks.
  const day = testInfo.project.name === "phone" ? 11 : 10;
  const bookedAt = new Date(`2027-03-01T12:00:00Z`);
  const start = new Date(`2027-03-${day}T15:00:00Z`);
  const afterStay = new Date(start.getTime() + 2 * 3_600_000);

  const guest = await guestPage(browser, testInfo);
  await setServerClock(guest.page, bookedAt);
  const busy = guest.page.waitForRequest(/\/api\/spaces\/[0-9a-f-]+\/busy/);
  await guest.page.goto(host.listing.path);
  const spaceId = /\/api\/spaces\/([0-9a-f-]+)\/busy/.exec((await busy).url())![1]!;
  const reviews = guest.page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText("No reviews yet.");
  await bookHour(guest.page, spaceId, start, bookedAt);

  // Before the stay ends there is nothing to review.
  await guest.page.goto("/my-bookings");
  const row = guest.page.getByRole("listitem").filter({ hasText: host.listing.title });
  await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Write a review" })).toHaveCount(0);

  // Past its end: the review request goes out, and the row offers a review.
  await setServerClock(guest.page, afterStay);
  // (The job is global: another width's run may queue this guest's request first.)
  await runJob(page, "review-requests", afterStay);
  await guest.page.goto("/my-bookings");
  const write = row.getByRole("button", { name: "Write a review" });
  await expect(write).toBeEnabled();
  await write.click();
  const dialog = guest.page.getByRole("dialog", { name: "Write a review" });
  await expect(dialog).toBeVisible();
  // No rating: the form says so and sends nothing.
  await dialog.getByRole("button", { name: "Publish review" }).click();
  await expect(dialog.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
  await dialog.getByLabel("Rating").selectOption("4");
  await dialog.getByLabel("Your review").fill("Bright room, <b>great</b> light.");
  await shot(guest.page, "write-review");
  await dialog.getByRole("button", { name: "Publish review" }).click();
  await expect(dialog).toBeHidden();
  const yours = row.getByTestId("your-review");
  await expect(yours).toContainText("Your review");
  await expect(row.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  // Double-blind: only its author sees it, and is told when it will be shown.
  const deadline = new Date(start.getTime() + 3_600_000 + 14 * 24 * 3_600_000).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  await expect(yours).toContainText(`Only you can see it for now. It will be shown when the host writes theirs, or on ${deadline}.`);
  await shot(guest.page, "my-bookings-review-hidden");

  // Nobody else sees it yet: not the host, not the listing's figures.
  await setServerClock(page, afterStay);
  await page.goto(host.listing.path);
  await expect(page.getByRole("region", { name: "Reviews" })).toContainText("No reviews yet.");
  await expect(page.getByRole("region", { name: "Reviews" }).getByTestId("review")).toHaveCount(0);

  // The host reviews the guest from the dashboard's booking row (the reminder is queued).
  await page.goto("/dashboard");
  const hostRow = page.getByTestId("recent-booking").filter({ hasText: host.listing.title }).filter({ hasText: "Booked by" });
  const reviewGuest = hostRow.getByRole("button", { name: "Review guest" });
  await expect(reviewGuest).toBeEnabled();
  await reviewGuest.click();
  const hostDialog = page.getByRole("dialog", { name: "Review your guest" });
  await expect(hostDialog).toContainText("Your review is shown on their profile with your name once they have reviewed their stay too");
  await hostDialog.getByRole("button", { name: "Publish review" }).click();
  await expect(hostDialog.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
  await hostDialog.getByLabel("Rating").selectOption("5");
  await hostDialog.getByLabel("Your review").fill("Left the loft spotless — welcome back any time.");
  await shot(page, "review-guest-dialog");
  await hostDialog.getByRole("button", { name: "Publish review" }).click();
  await expect(hostDialog).toBeHidden();
  await expect(hostRow.getByTestId("your-review")).toContainText("Your review of the guest");
  await expect(hostRow.getByTestId("your-review")).not.toContainText("Only you can see it");
  await shot(page, "dashboard-guest-reviewed");

  // Both are written: the guest's row no longer says it is hidden.
  await guest.page.goto("/my-bookings");
  await expect(row.getByTestId("your-review")).not.toContainText("Only you can see it");

  // The guest's profile page shows the host's review, with the average.
  await guest.page.goto("/profile");
  const profileHref = await guest.page.getByRole("link", { name: "View public page" }).getAttribute("href");
  await page.goto(profileHref!);
  const fromHosts = page.getByRole("region", { name: "Reviews from hosts" });
  await expect(fromHosts).toContainText("5.0 · 1 review as a guest");
  await expect(fromHosts.getByTestId("guest-review")).toContainText("Left the loft spotless — welcome back any time.");
  await shot(page, "guest-profile-reviews");

  // The listing shows the review as text, marked as a verified stay, and its new rating.
  await guest.page.goto(host.listing.path);
  await expect(guest.page.getByText("4.0 (1 reviews)")).toBeVisible();
  const review = reviews.getByTestId("review");
  await expect(review).toContainText("Verified stay");
  await expect(review).toContainText("Bright room, <b>great</b> light.");
  await shot(guest.page, "space-reviews");

  // The host answers under the review, once.
  await page.goto(host.listing.path);
  const answer = page.getByRole("region", { name: "Reviews" }).getByLabel("Answer this review");
  await answer.fill("Thank you — come back soon!");
  await page.getByRole("button", { name: "Post answer" }).click();
  await expect(page.getByText("Answer from the host")).toBeVisible();
  await expect(page.getByRole("region", { name: "Reviews" })).toContainText("Thank you — come back soon!");
  await expect(page.getByLabel("Answer this review")).toHaveCount(0);

  // The outbox: receipts to the guest and the host with their amounts, and the review request.
  // (Another width's run of the job may be sending them at this moment: reload until listed.)
  await runJob(page, "mail-outbox", afterStay);
  const mails = page.getByTestId("dev-mail");
  const toGuest = mails.filter({ has: page.getByTestId("dev-mail-to").getByText(guest.email, { exact: true }) });
  const toHost = mails.filter({ has: page.getByTestId("dev-mail-to").getByText(host.email, { exact: true }) });
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(toGuest.filter({ hasText: `Booking confirmed: ${host.listing.title}` })).toContainText("Total paid: $46.75", { timeout: 1_000 });
    await expect(toGuest.filter({ hasText: `How was ${host.listing.title}?` })).toHaveCount(1, { timeout: 1_000 });
    // The host was asked to review the guest, and reminded once the guest had written.
    await expect(toHost.filter({ hasText: "How was your guest?" })).toHaveCount(1, { timeout: 1_000 });
    await expect(toHost.filter({ hasText: `Your guest has reviewed ${host.listing.title}` })).toHaveCount(1, { timeout: 1_000 });
    await expect(toHost.filter({ hasText: `New booking: ${host.listing.title}` })).toContainText("Your earnings: $42.50", { timeout: 1_000 });
  }).toPass();
  await shot(page, "dev-mail");
  await guest.page.context().close();
});

test("a guest-only member's page is a member's, not a host's, and 'Reviews from hosts' pages to the 11th review", async ({ page, host, browser }, testInfo) => {
  test.setTimeout(120_000);
  // Each width uses its own month, far from the other journeys' weeks.
  const month = testInfo.project.name === "phone" ? "05" : "04";
  const bookedAt = new Date(`2027-${month}-01T12:00:00Z`);
  const guest = await guestPage(browser, testInfo);
  await setServerClock(guest.page, bookedAt);
  const busy = guest.page.waitForRequest(/\/api\/spaces\/[0-9a-f-]+\/busy/);
  await guest.page.goto(host.listing.path);
  const spaceId = /\/api\/spaces\/([0-9a-f-]+)\/busy/.exec((await busy).url())![1]!;
  // Eleven one-hour stays, one a day from the 2nd; the host reviews each through the dialog's endpoint once all have ended.
  const bookingIds: string[] = [];
  for (let day = 2; day <= 12; day += 1) {
    bookingIds.push(await bookHour(guest.page, spaceId, new Date(`2027-${month}-${String(day).padStart(2, "0")}T15:00:00Z`), bookedAt));
  }
  const reviewedAt = new Date(`2027-${month}-13T12:00:00Z`);
  for (const [index, bookingId] of bookingIds.entries()) {
    const answer = await page.request.post(`/api/bookings/${bookingId}/review`, {
      headers: { "x-test-now": reviewedAt.toISOString() },
      form: { rating: index % 2 === 0 ? "5" : "4", comment: `Review number ${index + 1} (${testInfo.project.name})` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  await guest.page.goto("/profile");
  const profileHref = (await guest.page.getByRole("link", { name: "View public page" }).getAttribute("href"))!;

  // After the 14 days every review is public; the page is a member's page, not a host's.
  await setServerClock(page, new Date(`2027-${month}-28T12:00:00Z`));
  await page.goto(profileHref);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Guest since \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText("Active Listings")).toHaveCount(0);
  await expect(page.getByText("No Active Listings")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Contact Host/ })).toHaveCount(0);
  await expect(page).toHaveTitle(/ · Member \| Rentwell$/);
  const fromHosts = page.getByRole("region", { name: "Reviews from hosts" });
  await expect(fromHosts).toContainText("4.5 · 11 reviews as a guest");
  await expect(fromHosts.getByTestId("guest-review")).toHaveCount(10);
  const pager = fromHosts.getByRole("navigation", { name: "Pages of reviews from hosts" });
  await expect(pager).toContainText("Page 1 of 2");
  await shot(page, "member-page");
  // The 11th, by the keyboard: 'Older reviews' is a link.
  await pager.getByRole("link", { name: "Older reviews" }).focus();
  await page.keyboard.press("Enter");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/\?reviews=2$/);
  await expect(fromHosts.getByTestId("guest-review")).toHaveCount(1);
  await shot(page, "member-page-2");
  await pager.getByRole("link", { name: "Newer reviews" }).click();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(fromHosts.getByTestId("guest-review")).toHaveCount(10);

  // An admin hides one with a reason (ADR 0289): the page then holds ten, on one page.
  const admin = await pageAtProjectWidth(browser, testInfo);
  await signInThroughApi(admin, ADMIN);
  // The admin's clock too: before the 14 days the reviews are listed as 'Not published yet'.
  await setServerClock(admin, new Date(`2027-${month}-28T12:00:00Z`));
  await admin.goto(`/admin?q=${encodeURIComponent(`Review number 11 (${testInfo.project.name})`)}`);
  const found = admin.getByTestId("moderation-guest-review");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("Shown");
  const hide = found.getByRole("button", { name: `Hide review: review of ${guest.email}` });
  await expect(hide).toBeEnabled();
  await hide.click();
  const dialog = admin.getByRole("dialog", { name: "Hide review of a guest" });
  await dialog.getByRole("button", { name: "Hide review" }).click();
  await expect(dialog.getByText("Give a reason: the owner will see it.")).toBeVisible();
  await dialog.getByLabel(/Reason/).fill("Names a third person");
  await dialog.getByRole("button", { name: "Hide review" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText("Review hidden from the guest's profile.")).toBeVisible();
  await expect(found).toContainText("Hidden by an admin");
  await expect(admin.getByTestId("admin-log-row").filter({ hasText: guest.email }).first()).toContainText("Reason: Names a third person");
  await shot(admin, "admin-guest-review-hidden");
  await page.reload();
  await expect(fromHosts).toContainText("10 reviews as a guest");
  await expect(fromHosts).not.toContainText("Review number 11");
  await expect(pager).toHaveCount(0);
  await admin.context().close();
  await guest.page.context().close();
});

test("notification settings on /profile: receipts stay on, the others can be turned off", async ({ page, user }) => {
  expect(user.email).toBeTruthy();
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "E-mail notifications" });
  await expect(section.getByRole("checkbox", { name: "Booking confirmed" })).toBeDisabled();
  await expect(section.getByRole("checkbox", { name: "Booking confirmed" })).toBeChecked();
  await expect(section).toContainText("Booking e-mails carry your receipts, so they are always sent.");
  const reviewRequests = section.getByRole("checkbox", { name: "Review requests" });
  await expect(reviewRequests).toBeChecked();
  await reviewRequests.uncheck();
  await section.getByRole("button", { name: "Save notification settings" }).click();
  await expect(section.getByRole("status")).toHaveText("Notification settings saved.");
  await shot(page, "notification-settings");
  await page.reload();
  await expect(page.getByRole("region", { name: "E-mail notifications" }).getByRole("checkbox", { name: "Review requests" })).not.toBeChecked();
  await expect(page.getByRole("region", { name: "E-mail notifications" }).getByRole("checkbox", { name: "New messages" })).toBeChecked();
});
