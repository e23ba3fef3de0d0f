import { expect, test } from "@playwright/test";

const FOOTER_LINKS = [
  "/about",
  "/careers",
  "/press",
  "/blog",
  "/help",
  "/safety",
  "/cancellation",
  "/covid19",
  "/privacy",
  "/terms",
  "/sitemap",
];

test.describe("app shell", () => {
  test("home shows the header, the main navigation and the footer, from our own origin only", async ({ page, baseURL }, testInfo) => {
    const foreign: string[] = [];
    const consoleErrors: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Rentwell/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Rentwell home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
    await expect(nav).toHaveCount(1);
    for (const label of ["Home", "How it works", "Explore", "Blog", "About", "Contact"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    // 'List for FREE' is for signed-in users only.
    await expect(page.getByRole("link", { name: /List (for )?FREE/ })).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    for (const href of FOOTER_LINKS) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }

    // Phone: the navigation is a bottom bar; desktop: an inline bar in the header.
    const box = await nav.boundingBox();
    const viewport = page.viewportSize()!;
    if (testInfo.project.name === "phone") {
      expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 5);
    } else {
      expect(box!.y).toBeLessThan(80);
    }

    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`home-${testInfo.project.name}.png`), fullPage: true });
  });

  test("responses carry the security headers", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/default-src 'self'/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();

    const html = await response.text();
    const nonce = headers["content-security-policy"]!.match(/'nonce-([^']+)'/)![1];
    // Every inline script carries this response's nonce.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) {
      if (/type="application\/ld\+json"/.test(attributes!)) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
  });

  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)![0];
    const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("an unknown deep path shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
