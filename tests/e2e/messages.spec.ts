import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, pageAtProjectWidth, PASSWORD, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

/**
 * Guest–host messages (docs/product.md#messages): the guest and the host each in their own
 * browser, the host's page updated live through the SSE hub, and blocking.
 */

/** A second browser (the guest) at the project's width, from its own client address. */
async function guestBrowser(browser: Browser, testInfo: TestInfo) {
  const page = await pageAtProjectWidth(browser, testInfo, {
    extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` },
  });
  await signUp(page, uniqueEmail(`guest-${testInfo.project.name}`), PASSWORD);
  return page;
}

/** Opens `path` and waits until its live-update stream is connected. */
async function openLive(page: Page, path: string) {
  const connected = page.waitForResponse((response) => response.url().includes("/api/live") && response.status() === 200);
  await page.goto(path);
  await connected;
}

/** The guest asks the host about the listing through 'Contact Host' and sends a first message. */
async function contactHost(guest: Page, listingPath: string, text: string) {
  await guest.goto(listingPath);
  await guest.getByRole("button", { name: "Contact Host" }).first().click();
  await expect(guest).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(guest.getByRole("heading", { level: 1, name: "Host" })).toBeVisible();
  await send(guest, text);
}

async function send(page: Page, text: string) {
  const box = page.getByLabel(/^Message to /);
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).getByTestId("message");

test("a guest contacts the host; the host sees it arrive live in another browser and replies", async ({ page, host, browser }, testInfo) => {
  const guest = await guestBrowser(browser, testInfo);
  const question = `Is the loft free on Friday? <script>alert("x")</script> <b>bold</b> https://example.com/tips`;

  await openLive(page, "/messages");
  await expect(page.getByText("No messages yet")).toBeVisible();

  await contactHost(guest, host.listing.path, question);
  await expect(messages(guest)).toHaveCount(1);
  await expect(messages(guest).first()).toContainText(question);

  // The host's list shows the conversation without a reload, with its unread count and the header badge.
  const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(host.listing.title);
  await expect(row).toContainText("1 unread message");
  await expect(page.getByTestId("unread-badge").filter({ visible: true })).toHaveText("1");

  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  // Markup and links are text, never HTML.
  await expect(messages(page).first()).toContainText(question);
  await expect(page.getByRole("list", { name: "Messages" }).locator("b, a[href='https://example.com/tips'], script")).toHaveCount(0);
  // Read now: the badge is gone.
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);

  // The guest's conversation page is live too: the reply arrives without a reload.
  await openLive(guest, guest.url());
  await send(page, "Yes, from 9 AM. Parking is behind the building.");
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(guest)).toHaveCount(2);
  await expect(messages(guest).nth(1)).toContainText("Yes, from 9 AM. Parking is behind the building.");
  await expect(messages(guest).nth(1)).toContainText("Host ·");

  // Too long: a clear message next to the box, nothing sent.
  await page.getByLabel(/^Message to /).fill("x".repeat(2001));
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your message is too long: please keep it under 2,000 characters.")).toBeVisible();
  await expect(messages(page)).toHaveCount(2);
  await guest.context().close();
});

test("a blocked guest cannot write again", async ({ page, host, browser }, testInfo) => {
  const guest = await guestBrowser(browser, testInfo);
  await contactHost(guest, host.listing.path, "Hello, can I bring a dog?");
  await expect(messages(guest)).toHaveCount(1);

  await page.goto("/messages");
  await page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
  await expect(messages(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Block Guest" })).toBeEnabled();
  await page.getByRole("button", { name: "Block Guest" }).click();
  const confirm = page.getByRole("dialog", { name: "Block Guest?" });
  await expect(confirm).toContainText("Guest will not be able to message you.");
  await confirm.getByRole("button", { name: "Block Guest" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("You have blocked Guest. They cannot message you until you unblock them.")).toBeVisible();
  await expect(page.getByLabel(/^Message to /)).toHaveCount(0);

  // The guest's open page still shows the box; the server refuses, and after a reload the box is gone.
  await send(guest, "Hello? Are you there?");
  await expect(guest.getByRole("alert").filter({ hasText: "You cannot message this user." })).toBeVisible();
  await expect(messages(guest)).toHaveCount(1);
  await guest.reload();
  await expect(guest.getByText("You cannot message this user.")).toBeVisible();
  await expect(guest.getByLabel(/^Message to /)).toHaveCount(0);

  // Unblocked, the guest can write again.
  await page.getByRole("button", { name: "Unblock Guest" }).click();
  await expect(page.getByLabel(/^Message to /)).toBeVisible();
  await guest.reload();
  await send(guest, "Thanks!");
  await expect(messages(guest)).toHaveCount(2);
  await guest.context().close();
});

test("a visitor who is not signed in is asked to sign in by 'Contact Host'", async ({ page }) => {
  await page.goto("/explore");
  await page.locator("a[href^='/space/']").first().click();
  await expect(page).toHaveURL(/\/space\//);
  const contact = page.getByRole("button", { name: "Contact Host" });
  await expect(contact).toBeEnabled();
  await contact.click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
});

test("a host has no Contact Host on their own listing, and a stranger cannot open a conversation", async ({ page, host, browser }, testInfo) => {
  const guest = await guestBrowser(browser, testInfo);
  await contactHost(guest, host.listing.path, "Hi!");
  const conversationUrl = guest.url();

  // The host's own listing offers no Contact Host.
  await page.goto(host.listing.path);
  await expect(page.getByRole("button", { name: "Contact Host" })).toHaveCount(0);

  const stranger = await guestBrowser(browser, testInfo);
  const response = await stranger.goto(conversationUrl);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Conversation not found" })).toBeVisible();
  await stranger.context().close();
  await guest.context().close();
});
