import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/lib/db.server";
import type * as SchemaModule from "~/db/schema/listing-translations";
import type * as ListingFactories from "../factories/listings";
import type * as UserFactories from "../factories/users";
import { freePort } from "../setup/free-port";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #31 point 5 through the whole HTTP stack (ADR 0295): the server renders a host's
 * translation for the page's language, with 'Show original', in the space page, its title
 * and the cards; English readers get the host's own text.
 */
let app: AppHttp;
let spaceId: string;
let ownerCookie: string;

beforeAll(async () => {
  app = await startAppHttp({ port: await freePort() });
  const db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  const factories = await app.load<typeof ListingFactories>("/tests/factories/listings.ts");
  const { listingTranslations } = await app.load<typeof SchemaModule>("/app/db/schema/listing-translations.ts");
  const space = await factories.createSpace(db, { title: "Zephyr Rooftop Studio", description: "A rooftop studio above the bay.", location: "Tampa, FL" });
  spaceId = space.id;
  const users = await app.load<typeof UserFactories>("/tests/factories/users.ts");
  ownerCookie = await users.sessionCookieFor(db, space.userId);
  await db.insert(listingTranslations).values({ spaceId, locale: "es", title: "Estudio en la azotea Zephyr", description: "Un estudio en la azotea sobre la bahía." });
});
afterAll(async () => {
  await app?.close();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const titleTag = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("a host's translation, server-rendered", () => {
  it("/es/space/…: the translated title and description, 'Traducido por el anfitrión' and 'Ver original'", async () => {
    const { status, html } = await page(`/es/space/zephyr-rooftop-studio/tampa-fl?id=${spaceId}`);
    expect(status).toBe(200);
    expect(html).toContain("Estudio en la azotea Zephyr");
    expect(html).toContain("Un estudio en la azotea sobre la bahía.");
    expect(html).toContain("Traducido por el anfitrión");
    expect(html).toContain("Ver original");
    expect(titleTag(html)).toContain("Estudio en la azotea Zephyr");
  });

  it("in English (or French, which has no translation): the host's text and no note", async () => {
    for (const headers of [{ "Accept-Language": "en-US" }, { "Accept-Language": "fr" }]) {
      const { html } = await page(`/space/zephyr-rooftop-studio/tampa-fl?id=${spaceId}`, headers);
      expect(html).toContain("A rooftop studio above the bay.");
      expect(html).not.toContain("Estudio en la azotea Zephyr");
      expect(html).not.toContain("listing-translation-note");
      expect(titleTag(html)).toContain("Zephyr Rooftop Studio");
    }
  });

  it("explore's cards: the translated title in Spanish, linking to the listing's own address", async () => {
    const spanish = await page("/es/explore?q=Zephyr");
    expect(spanish.html).toContain("Estudio en la azotea Zephyr");
    expect(spanish.html).toContain(`zephyr-rooftop-studio/tampa-fl?id=${spaceId}`);
    const english = await page("/explore?q=Zephyr");
    expect(english.html).toContain("Zephyr Rooftop Studio");
    expect(english.html).not.toContain("Estudio en la azotea Zephyr");
  });

  it("a Spanish search for the translation's words finds it; any characters in the words are words, never a pattern", async () => {
    const found = await page("/es/explore?q=azotea");
    expect(found.status).toBe(200);
    expect(found.html).toContain("Estudio en la azotea Zephyr");
    for (const q of ["azotea (", "a[z", "^Estudio", "Zephyr$", ".*", "\\", "(?i)", "{1,2}", "a|b", "\u001f", "\u001e\n"]) {
      const { status, html } = await page(`/es/explore?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      if (q === ".*" || q === "a|b" || q === "^Estudio") expect(html, q).not.toContain("Estudio en la azotea Zephyr");
    }
  });

  it("the editor of the owner: the Translations section with the saved Spanish one, in the host's language", async () => {
    const { status, html } = await page(`/edit-listing/${spaceId}`, { Cookie: ownerCookie });
    expect(status).toBe(200);
    expect(html).toContain('id="translations-heading"');
    expect(html).toContain("Estudio en la azotea Zephyr");
    expect(html).toContain('lang="es"');
    const spanish = await page(`/es/edit-listing/${spaceId}`, { Cookie: ownerCookie });
    expect(spanish.html).toContain("Traducciones");
    expect(spanish.html).toContain("Añadir una traducción");
  });

  it("POST /edit-listing/:id/translations through the server: the owner saves French, then the French page shows it", async () => {
    const post = (cookie: string | null, fields: Record<string, string>) =>
      fetch(`${app.baseUrl}/edit-listing/${spaceId}/translations`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(fields).toString(),
      });
    const signedOut = await post(null, { intent: "save", locale: "fr", title: "Pirate", description: "Pirate" });
    expect(signedOut.status).toBeGreaterThanOrEqual(300);
    expect((await post(ownerCookie, { intent: "save", locale: "fr", title: "", description: "x" })).status).toBe(400);
    expect((await post(ownerCookie, { intent: "save", locale: "fr", title: "Studio sur le toit Zephyr", description: "Un studio sur le toit." })).status).toBe(200);
    const { html } = await page(`/fr/space/zephyr-rooftop-studio/tampa-fl?id=${spaceId}`);
    expect(html).toContain("Studio sur le toit Zephyr");
    expect(html).toContain("Traduit par l’hôte");
  });
});
