import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #31 through the whole HTTP stack, the `core` area (ADR 0298): the home page and its
 * meta tags in the page's language, and a flash toast written in the request's language.
 */
let app: AppHttp;

beforeAll(async () => {
  app = await startAppHttp({ port: await freePort() });
});
afterAll(async () => {
  await app?.close();
});

const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("the home page in Spanish", () => {
  it("has its title, description, headings and search form in Spanish; English is unchanged", async () => {
    const spanish = decode(await (await fetch(`${app.baseUrl}/es`)).text());
    expect(spanish).toContain("<title>Rentwell | La plataforma global de alquiler en línea</title>");
    expect(spanish).toContain('<meta name="description" content="Alquila espacios, vehículos, equipos');
    expect(spanish).toContain("Encuentra tu espacio ideal");
    expect(spanish).toContain('placeholder="Busca por ubicación, país o título..."');
    expect(spanish).toContain("Suscríbete a nuestro boletín");
    expect(spanish).not.toContain("Find Your Perfect Space");

    const english = decode(await (await fetch(`${app.baseUrl}/`)).text());
    expect(english).toContain("<title>Rentwell | Global Online Rental Platform</title>");
    expect(english).toContain("Find Your Perfect Space");
  });

  it("a currency chosen on a Spanish page comes back with its toast in Spanish", async () => {
    const response = await fetch(`${app.baseUrl}/es/currency`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseUrl },
      body: new URLSearchParams({ currency: "JPY", returnTo: "/" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/es");
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    const html = decode(await (await fetch(`${app.baseUrl}/es`, { headers: { Cookie: cookies } })).text());
    expect(html).toContain("Ahora los precios muestran una estimación en JPY – Yen japonés.");
  });
});
