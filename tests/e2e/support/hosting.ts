import { expect, type Page } from "@playwright/test";

/**
 * Creates an account through the app's sign-up endpoint and leaves the page's
 * browser context signed in (the session cookies land in the context's jar).
 */
export async function signUp(page: Page, email: string, password: string) {
  const response = await page.request.post("/auth/sign-up", { form: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}
