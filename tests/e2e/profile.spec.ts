import sharp from "sharp";
import { accountButton, expect, test } from "#tests/e2e/support/fixtures";

/** A small real PNG, made on the spot. */
async function png(color: string) {
  return sharp({ create: { width: 80, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe("profile", () => {
  test("a member edits the profile, uploads a photo seen in the header at once, manages links and a pinned post, and opens the public page", async ({ page, user }, testInfo) => {
    const shots = `/tmp/shots-profile/${testInfo.project.name}`;
    await page.goto("/profile");
    const save = page.getByRole("button", { name: "Save profile" });
    await expect(save).toBeEnabled();

    // The profile form: a name, a bio with markup (shown as text), a bare domain and a handle, normalised.
    await page.getByLabel("Full name").fill("Maya Profile");
    await page.getByLabel("Bio").fill("<b>Hosting</b> bright studios since 2019.");
    await page.getByLabel("Website").fill("maya-studio.example.com");
    await page.getByLabel("Instagram").fill("@maya.studio");
    await page.getByLabel("Twitter").fill("javascript:alert(1)");
    await save.click();
    await expect(page.getByText(/Enter a Twitter handle/)).toBeVisible();
    await expect(page.getByLabel("Twitter")).toBeFocused();
    await page.getByLabel("Twitter").fill("");
    await save.click();
    await expect(page.getByTestId("toast")).toHaveText(/Profile updated successfully!/);
    await expect(page.getByLabel("Website")).toHaveValue("https://maya-studio.example.com/");
    await expect(page.getByLabel("Instagram")).toHaveValue("@maya.studio");

    // Avatar: a text file is refused in the browser; a real image shows in the header without a reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByTestId("avatar-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Please select an image file")).toBeVisible();
    await expect(accountButton(page).getByTestId("avatar-placeholder")).toBeVisible();
    await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png("#2563eb") });
    await expect(accountButton(page).locator("img")).toHaveAttribute("src", /\/avatar-\d+-/);
    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute("src", /\/avatar-/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByRole("button", { name: "Change photo" })).toBeEnabled();

    // Links: 'Add' waits for a title and a URL; a new link goes last; reorder with the keyboard.
    const add = page.getByRole("button", { name: "Add link" });
    await expect(add).toBeDisabled();
    const linkForm = page.locator("form").filter({ has: add });
    await linkForm.getByLabel("Title").fill("Booking calendar");
    await expect(add).toBeDisabled();
    await linkForm.getByLabel("URL").fill("https://cal.example.com/maya");
    await add.click();
    const links = page.getByRole("list", { name: "Your links" });
    await expect(links.getByText("Booking calendar")).toBeVisible();
    await expect(linkForm.getByLabel("Title")).toHaveValue("");
    await linkForm.getByLabel("Title").fill("Shop");
    await linkForm.getByLabel("URL").fill("https://shop.example.com");
    await linkForm.getByLabel("Icon (optional)").selectOption("shopping-bag");
    await add.click();
    await expect(links.getByRole("listitem")).toHaveText([/Booking calendar/, /Shop/]);
    const up = page.getByRole("button", { name: "Move Shop up" });
    await expect(up).toBeEnabled();
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(links.getByRole("listitem")).toHaveText([/Shop/, /Booking calendar/]);

    // A pinned post.
    const addPost = page.getByRole("button", { name: "Add update" });
    const postForm = page.locator("form").filter({ has: addPost });
    await expect(addPost).toBeDisabled();
    await postForm.getByLabel("Title").fill("New lighting kit");
    await postForm.getByLabel("Content").fill("Both studios now have <i>LED</i> panels.");
    await postForm.getByLabel("Type").selectOption("space_update");
    await postForm.getByLabel("Pin to the top").check();
    await addPost.click();
    const posts = page.getByRole("list", { name: "Your updates" });
    await expect(posts.getByRole("listitem").first()).toContainText("Pinned");
    await expect(posts.getByText("Both studios now have <i>LED</i> panels.")).toBeVisible();
    await page.screenshot({ path: `${shots}-profile.png`, fullPage: true });

    // The public page: server-rendered, with the links, the post and Person structured data.
    await page.getByRole("link", { name: "View public page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Maya Profile" })).toBeVisible();
    await expect(page.getByText("<b>Hosting</b> bright studios since 2019.")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Shop (opens in a new tab)" })).toHaveAttribute("href", "https://shop.example.com/");
    await expect(main.getByRole("link", { name: "Instagram (opens in a new tab)" })).toHaveAttribute("href", "https://www.instagram.com/maya.studio");
    await expect(page.getByRole("heading", { name: "New lighting kit" })).toBeVisible();
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(structured.some((text) => text.includes('"@type":"Person"') && text.includes("Maya Profile"))).toBe(true);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
    await page.screenshot({ path: `${shots}-host-page.png`, fullPage: true });

    // Back on /profile: delete the link and the post.
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: "Delete Shop" })).toBeEnabled();
    await page.getByRole("button", { name: "Delete Shop" }).click();
    await expect(links.getByRole("listitem")).toHaveText([/Booking calendar/]);
    await page.getByRole("button", { name: "Delete New lighting kit" }).click();
    await expect(page.getByText("No updates yet")).toBeVisible();
    expect(user.email).toContain("@example.test");
  });

  test("an unknown or malformed host id shows 'Profile not found'", async ({ page }) => {
    const unknown = await page.goto("/hosts/00000000-0000-4000-8000-000000000000");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Profile not found" })).toBeVisible();
    const malformed = await page.goto("/hosts/not-a-uuid");
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Profile not found" })).toBeVisible();
  });
});
