import type { Page } from "@playwright/test";
import { accountButton, ADMIN, expect, openAuthDialog, PASSWORD, signIn, signUp, test, uniqueEmail } from "#tests/e2e/support/fixtures";

function isPhone(projectName: string) {
  return projectName === "phone";
}

/** Opens the account menu the way this width shows it and returns the region holding its items. */
async function openAccountMenu(page: Page, phone: boolean) {
  await accountButton(page).click();
  if (phone) {
    const list = page.getByRole("banner").locator("[id]:not([hidden])").filter({ has: page.getByRole("link", { name: "Dashboard" }) });
    await expect(list).toBeVisible();
    return list;
  }
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

async function menuLabels(page: Page, phone: boolean) {
  const region = await openAccountMenu(page, phone);
  const selector = phone ? "a, button" : "[role=menuitem]";
  const labels = (await region.locator(selector).allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press("Escape");
  return labels;
}


test.describe("accounts", () => {
  test("the sign-in dialog: admin hints, toggle, close, browser and server validation", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /List (for )?FREE/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "List a space" })).toHaveCount(0);

    let dialog = await openAuthDialog(page, "signin");
    await expect(dialog.getByText("Admin account")).toHaveCount(2);
    await expect(dialog.getByText("admin@rentwell.test")).toBeVisible();
    await expect(dialog.getByText("ops@rentwell.test")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sign-in-dialog-${testInfo.project.name}.png`) });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    dialog = await openAuthDialog(page, "signup");
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog.getByText("E-mail is required")).toBeVisible();
    await expect(dialog.getByText("Password is required")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password").fill("password123");
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog.getByText("Enter a valid e-mail address")).toBeVisible();

    // The server's reasons for a weak password.
    await dialog.getByLabel("Email").fill(uniqueEmail(`weak-${testInfo.project.name}`));
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog.getByText(/one of the most commonly used passwords/)).toBeVisible();
    await expect(dialog.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Password").fill("short");
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(dialog.getByText("Password must be at least 8 characters (it has 5).")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sign-up-errors-${testInfo.project.name}.png`) });

    // Toggling back to sign-in drops the sign-up messages.
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    const signInDialog = page.getByRole("dialog", { name: "Sign In" });
    await expect(signInDialog.getByText(/at least 8 characters/)).toHaveCount(0);
  });

  test("the sign-in dialog works by keyboard: focus stays inside, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" });
    // Disabled until the page is live (docs/decisions/0093-no-lost-early-clicks.md); a
    // keyboard user reaches it once it is enabled.
    await expect(opener).toBeEnabled();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Sign In" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press(step % 4 === 3 ? "Shift+Tab" : "Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByLabel("Email").focus();
    await page.keyboard.type("ops@rentwell.test");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Password")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("sign up, signed-in header and menu, guarded pages, sign out", async ({ page }, testInfo) => {
    const phone = isPhone(testInfo.project.name);
    const email = uniqueEmail(`journey-${testInfo.project.name}`);
    await page.goto("/");
    // Success closes the dialog and the page shows the user without a reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await signUp(page, email, PASSWORD, { through: "dialog" });
    await expect(accountButton(page)).toContainText(email);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByRole("banner").getByTestId("avatar-placeholder").filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("link", { name: phone ? "List FREE" : "List for FREE", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "List a space" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`signed-in-${testInfo.project.name}.png`) });

    // The menu: every item of docs/product.md#header (small screens without My Listings), no admin link.
    const expected = phone
      ? ["Dashboard", "My Profile", "View My Profile", "List A Space", "My Bookings", "Wishlists", "Messages", "Security", "Currency: each listing's own", "Sign Out"]
      : ["Dashboard", "My Profile", "View My Profile", "List A Space", "My Listings", "My Bookings", "Wishlists", "Messages", "Security", "Currency: each listing's own", "Sign Out"];
    expect(await menuLabels(page, phone)).toEqual(expected);
    const menu = await openAccountMenu(page, phone);
    await page.screenshot({ path: testInfo.outputPath(`account-menu-${testInfo.project.name}.png`) });
    await (phone ? menu.getByRole("link", { name: "Dashboard" }) : menu.getByRole("menuitem", { name: "Dashboard" })).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    for (const [path, heading] of [
      ["/my-bookings", "My Bookings"],
      ["/profile", "Profile"],
      ["/my-listings", "My Listings"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    // A normal user cannot reach the admin page.
    const admin = await page.goto("/admin");
    expect(admin?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Platform Analytics" })).toHaveCount(0);

    // Sign out returns to / signed out, and the session is gone on the server.
    await page.goto("/profile");
    const signOutMenu = await openAccountMenu(page, phone);
    await (phone ? signOutMenu.getByRole("button", { name: "Sign Out" }) : signOutMenu.getByRole("menuitem", { name: "Sign Out" })).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
    await expect(page.getByRole("link", { name: /List (for )?FREE/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "List a space" })).toHaveCount(0);
    expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith("rw_"))).toEqual([]);
    // Signed out, the guarded pages send the visitor home again.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);

    // Sign in again with the same account: the header and the guarded pages are back.
    await signIn(page, email, PASSWORD);
    await expect(accountButton(page)).toContainText(email);
    await page.goto("/my-listings");
    await expect(page.getByRole("heading", { level: 1, name: "My Listings" })).toBeVisible();
    expect(await menuLabels(page, phone)).toEqual(expected);

    // Creating the same account a second time is refused, with the reason.
    await page.context().clearCookies();
    await page.goto("/");
    const again = await openAuthDialog(page, "signup");
    await again.getByLabel("Email").fill(email.toUpperCase());
    await again.getByLabel("Password").fill(PASSWORD);
    await again.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(again.getByText("An account with this e-mail already exists. Sign in instead.")).toBeVisible();
    await expect(again.getByLabel("Email")).toBeFocused();
  });

  test("signed-out visitors are sent to / from every guarded page", async ({ page }) => {
    for (const path of ["/dashboard", "/my-listings", "/my-bookings", "/messages", `/messages/${crypto.randomUUID()}`, "/profile", `/edit-listing/${crypto.randomUUID()}`, "/edit-listing/%27%3B--", "/admin"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
    }
  });

  test("sign in: one message for a wrong password or an unknown e-mail; e-mail case does not matter", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(`signin-${testInfo.project.name}`);
    expect((await request.post("/auth/sign-up", { form: { email, password: PASSWORD } })).status()).toBe(200);
    await page.goto("/");
    const dialog = await openAuthDialog(page, "signin");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid e-mail or password.");
    await dialog.getByLabel("Email").fill(uniqueEmail("nobody"));
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid e-mail or password.");
    await page.keyboard.press("Escape");

    await signIn(page, email.toUpperCase(), PASSWORD);
    await expect(accountButton(page)).toContainText(email);
    await page.goto("/my-bookings");
    await expect(page.getByRole("heading", { level: 1, name: "My Bookings" })).toBeVisible();
  });

  test("when the server cannot answer, the dialog says 'An error occurred' and the page stays", async ({ page }) => {
    await page.goto("/");
    await page.route("**/auth/sign-in", (route) => route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Service Unavailable</h1>" }));
    let dialog = await openAuthDialog(page, "signin");
    await dialog.getByLabel("Email").fill("guest@rentwell.test");
    await dialog.getByLabel("Password").fill("rentwell-demo");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("An error occurred");
    await page.unroute("**/auth/sign-in");
    await page.route("**/auth/sign-in", (route) => route.abort("connectionreset"));
    await dialog.getByLabel("Password").fill("rentwell-demo ");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("An error occurred");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    // Once the server answers again, signing in works from the same dialog.
    await page.unroute("**/auth/sign-in");
    dialog = page.getByRole("dialog", { name: "Sign In" });
    await dialog.getByLabel("Password").fill("rentwell-demo");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog).toBeHidden();
    // The demo guest has a name, which the header shows instead of the e-mail.
    await expect(accountButton(page)).toContainText("Alex Morgan");
  });

  // The next journeys use the account menu right away: signing up through the dialog means
  // the page has hydrated first (a click on the server-rendered menu before that is lost).
  test("View My Profile opens the signed-in user's public profile", async ({ page }, testInfo) => {
    const phone = isPhone(testInfo.project.name);
    await page.goto("/");
    await signUp(page, uniqueEmail(`view-${testInfo.project.name}`), PASSWORD, { through: "dialog" });
    const menu = await openAccountMenu(page, phone);
    await (phone
      ? menu.getByRole("button", { name: "View My Profile" })
      : menu.getByRole("menuitem", { name: "View My Profile" })
    ).click();
    const profile = page.getByRole("dialog");
    await expect(profile).toBeVisible();
    await expect(profile.getByText("No Active Listings")).toBeVisible();
    await expect(profile.getByText(/Joined/)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(profile).toBeHidden();
  });

  test("the admin fixture's session reaches Platform Analytics; a user's is sent home", async ({ page, admin: _admin, browser }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Platform Analytics" })).toBeVisible();
    const other = await browser.newContext();
    const userPage = await other.newPage();
    await signUp(userPage, uniqueEmail("not-admin"), PASSWORD);
    await userPage.goto("/admin");
    await expect(userPage).toHaveURL(/\/$/);
    await other.close();
  });

  test("an admin sees the Admin Dashboard link and page", async ({ page, request }, testInfo) => {
    const phone = isPhone(testInfo.project.name);
    // Sign-up may not claim an admin address: it answers 409 (taken), never 200. Sign-ups
    // for one address are limited to five an hour (ADR 0082), so when the suite runs
    // again on the same server (--repeat-each, both widths) the answer is 429: refused all
    // the same, and the admin's own password still works below.
    const claimed = await request.post("/auth/sign-up", { form: { email: ADMIN.email, password: "a-takeover-attempt-42" } });
    expect([409, 429]).toContain(claimed.status());
    await page.goto("/");
    await signIn(page, ADMIN.email, ADMIN.password);
    const labels = await menuLabels(page, phone);
    if (phone) {
      // Small screens: the collapsible list has neither My Listings nor the admin link.
      expect(labels).toEqual(["Dashboard", "My Profile", "View My Profile", "List A Space", "My Bookings", "Wishlists", "Messages", "Security", "Currency: each listing's own", "Sign Out"]);
    } else {
      expect(labels).toEqual([
        "Dashboard",
        "My Profile",
        "View My Profile",
        "List A Space",
        "My Listings",
        "My Bookings",
        "Wishlists",
        "Messages",
        "Security",
        "Admin Dashboard",
        "Currency: each listing's own",
        "Sign Out",
      ]);
      await (await openAccountMenu(page, phone)).getByRole("menuitem", { name: "Admin Dashboard" }).click();
      await expect(page).toHaveURL(/\/admin$/);
    }
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Platform Analytics" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`admin-${testInfo.project.name}.png`) });
  });

  test("the account menu works by keyboard and closes on Escape", async ({ page }, testInfo) => {
    const phone = isPhone(testInfo.project.name);
    await page.goto("/");
    await signUp(page, uniqueEmail(`keys-${testInfo.project.name}`), PASSWORD, { through: "dialog" });
    await expect(accountButton(page)).toBeEnabled();
    await accountButton(page).focus();
    await page.keyboard.press("Enter");
    if (phone) {
      await expect(accountButton(page)).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("banner").getByRole("link", { name: "My Bookings" })).toBeVisible();
      // Tab walks into the list, in the menu's order.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("banner").getByRole("link", { name: "My Profile" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(accountButton(page)).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("banner").getByRole("link", { name: "My Bookings" })).toBeHidden();
    } else {
      await expect(page.getByRole("menu")).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: "My Profile", exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();
    }
    await expect(accountButton(page)).toBeFocused();
  });

  test("an expired access token is renewed from the refresh token; forged cookies mean signed out", async ({ page, context, baseURL, user: _user }) => {
    await page.goto("/");
    const refresh = (await context.cookies()).find((cookie) => cookie.name === "rw_refresh")!;
    expect(refresh.httpOnly).toBe(true);
    expect(refresh.sameSite).toBe("Lax");
    await context.clearCookies({ name: "rw_access" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const renewed = await context.cookies();
    expect(renewed.find((cookie) => cookie.name === "rw_access")).toBeTruthy();
    expect(renewed.find((cookie) => cookie.name === "rw_refresh")!.value).not.toBe(refresh.value);

    // A forged access token and an unknown refresh token: the page renders, signed out.
    await context.clearCookies();
    await context.addCookies([
      { name: "rw_access", value: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", url: baseURL! },
      { name: "rw_refresh", value: "A".repeat(43), url: baseURL! },
    ]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
    expect((await context.cookies()).filter((cookie) => cookie.name.startsWith("rw_"))).toEqual([]);
  });

  test("a stolen refresh token replayed after the 10 s grace signs out the thief and the owner", async ({ browser, page, context, baseURL, user: _user }) => {
    test.setTimeout(60_000);
    await page.goto("/");
    const stolen = (await context.cookies()).find((cookie) => cookie.name === "rw_refresh")!;
    // The owner's access token expires; the next page renews it (the stolen token is now used).
    await context.clearCookies({ name: "rw_access" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.waitForTimeout(10_500);

    const thief = await browser.newContext();
    await thief.addCookies([{ name: "rw_refresh", value: stolen.value, url: baseURL! }]);
    const thiefPage = await thief.newPage();
    await thiefPage.goto("/dashboard");
    await expect(thiefPage).toHaveURL(/\/$/);
    await expect(thiefPage.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
    await thief.close();

    // The whole session is revoked: the owner, with a still-unexpired access token, is signed out too.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" })).toBeVisible();
    expect((await context.cookies()).filter((cookie) => cookie.name.startsWith("rw_"))).toEqual([]);
  });

  test("repeated failed sign-ins are limited and the dialog says when to try again", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(`limited-${testInfo.project.name}`);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await request.post("/auth/sign-in", { form: { email, password: `wrong-${attempt}` } });
      expect(response.status()).toBe(401);
    }
    await page.goto("/");
    const dialog = await openAuthDialog(page, "signin");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("still-wrong");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(/^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minute)\.$/);
  });

  test("mutating requests from another origin are refused", async ({ request }) => {
    const response = await request.post("/auth/sign-up", {
      headers: { Origin: "https://evil.example" },
      form: { email: uniqueEmail("csrf"), password: PASSWORD },
    });
    expect(response.status()).toBe(403);
    const tooLong = await request.post("/auth/sign-in", { form: { email: `${"a".repeat(250)}@example.test`, password: "x" } });
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).fieldErrors.email).toBe("E-mail must be at most 254 characters");
  });
});
