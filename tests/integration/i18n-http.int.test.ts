import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #31 point 3 through the whole HTTP stack (ADR 0293): the URL prefix, the saved
 * choice and Accept-Language choose the page's language, which the server renders.
 */
let app: AppHttp;

beforeAll(async () => {
  app = await startAppHttp({ port: await freePort() });
});
afterAll(async () => {
  await app?.close();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const footer = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";

describe("a shared cache keeps a copy per language", () => {
  it("an unprefixed public page varies on Accept-Language; a prefixed one does not need to", async () => {
    const english = await fetch(`${app.baseUrl}/how-it-works`);
    expect(english.headers.get("Cache-Control")).toContain("s-maxage");
    expect(english.headers.get("Vary")).toMatch(/Accept-Language/);
    const spanish = await fetch(`${app.baseUrl}/es/how-it-works`, { headers: { "Accept-Language": "fr" } });
    expect(spanish.headers.get("Cache-Control")).toContain("s-maxage");
    expect(spanish.headers.get("Vary") ?? "").not.toMatch(/Accept-Language/);
  });
});

describe("a sitemap per language", () => {
  it("/es/sitemap.xml lists the Spanish addresses; robots.txt names every language's sitemap", async () => {
    const { status, html: xml } = await page("/es/sitemap.xml", { Cookie: "lang=fr" });
    expect(status).toBe(200);
    expect(xml).toContain(`<loc>${app.baseUrl}/es/how-it-works</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${app.baseUrl}/ja/how-it-works"/>`);
    expect((await page("/sitemap.xml", { Cookie: "lang=fr" })).html).toContain(`<loc>${app.baseUrl}/how-it-works</loc>`);
    expect((await page("/robots.txt")).html).toContain(`Sitemap: ${app.baseUrl}/ar/sitemap.xml`);
  });
});

describe("the page's language", () => {
  it("/es/explore is Spanish: <html lang>, the footer, the canonical URL and the hreflang alternates", async () => {
    const { status, html } = await page("/es/explore", { "Accept-Language": "en-US" });
    expect(status).toBe(200);
    expect(htmlTag(html)).toBe('<html lang="es" dir="ltr">');
    expect(footer(html)).toContain("Política de privacidad");
    expect(footer(html)).toContain("Centro de ayuda");
    expect(footer(html)).not.toContain("Privacy Policy");
    // Links inside the Spanish site keep the prefix (the handler's basename).
    expect(footer(html)).toContain('href="/es/privacy"');
    expect(html).toContain(`<link rel="canonical" href="${app.baseUrl}/es/explore"/>`);
    for (const [lang, path] of [["en", "/explore"], ["es", "/es/explore"], ["fr", "/fr/explore"], ["ja", "/ja/explore"], ["ar", "/ar/explore"], ["x-default", "/explore"]]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="${app.baseUrl}${path}"/>`);
    }
  });

  it("/ar/ is Arabic, right to left", async () => {
    const { status, html } = await page("/ar/");
    expect(status).toBe(200);
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(footer(html)).toContain("سياسة الخصوصية");
  });

  it("without a prefix: English by default, else what Accept-Language asks for", async () => {
    const english = await page("/explore");
    expect(htmlTag(english.html)).toBe('<html lang="en" dir="ltr">');
    expect(footer(english.html)).toContain("Privacy Policy");
    const french = await page("/explore", { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect(htmlTag(french.html)).toBe('<html lang="fr" dir="ltr">');
    expect(footer(french.html)).toContain("Politique de confidentialité");
  });

  it("the saved choice (the cookie) wins over the header", async () => {
    const { html } = await page("/explore", { "Accept-Language": "ja", Cookie: "lang=es" });
    expect(htmlTag(html)).toBe('<html lang="es" dir="ltr">');
    expect(footer(html)).toContain("Política de privacidad");
  });

  it("the language menu's link saves the choice and opens the same page in that language", async () => {
    const response = await fetch(`${app.baseUrl}/language/ja?next=${encodeURIComponent("/explore?q=loft")}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ja/explore?q=loft");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=ja; Path=\/; Max-Age=31536000; SameSite=Lax/);
    // The small screens' form; a `next` off the site goes home.
    const form = await fetch(`${app.baseUrl}/language?lang=en&next=${encodeURIComponent("//evil.example")}`, { redirect: "manual" });
    expect(form.headers.get("Location")).toBe("/");
    expect((await fetch(`${app.baseUrl}/language/de?next=/`, { redirect: "manual" })).status).toBe(404);
  });

  it("an unknown page under a prefix is the 404 in that language", async () => {
    const { status, html } = await page("/fr/this/page/does/not/exist");
    expect(status).toBe(404);
    expect(htmlTag(html)).toBe('<html lang="fr" dir="ltr">');
    expect(html).toContain("Page introuvable");
  });
});
