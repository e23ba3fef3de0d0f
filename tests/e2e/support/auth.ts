import { expect, type Page } from "@playwright/test";

/** The account button in the header (the visible one: dropdown on wide screens, list on small). */
export function accountButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Account menu for / }).filter({ visible: true });
}

/** Opens the sign-in dialog from the header, in the given mode. */
export async function openAuthDialog(page: Page, mode: "signin" | "signup" = "signin") {
  if (page.url() === "about:blank") await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In / Sign Up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  if (mode === "signin") return dialog;
  await dialog.getByRole("button", { name: "Create an Account" }).click();
  const signUp = page.getByRole("dialog", { name: "Create an Account" });
  await expect(signUp).toBeVisible();
  return signUp;
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

/** Creates an account through the real dialog and waits for the signed-in header. */
export async function signUp(page: Page, email: string, password: string) {
  const dialog = await openAuthDialog(page, "signup");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
}

/** A unique address per test and browser width, so journeys never collide. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
