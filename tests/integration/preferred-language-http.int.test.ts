import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Schema from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import type * as Factories from "../factories/users";
import { freePort } from "../setup/free-port";
import { startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * A member's saved language through the whole HTTP stack (issue #31 point 3, ADR 0296):
 * sign-up keeps the page's language, the language menu saves a signed-in member's choice,
 * and a later request with no prefix and no cookie is in it; e-mails follow it.
 */
let app: AppHttp;
let db: DbModule.Db;
let schema: typeof Schema;
let factories: typeof Factories;

beforeAll(async () => {
  app = await startAppHttp({ port: await freePort(), env: { LOG_LEVEL: "silent" } });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  schema = await app.load<typeof Schema>("/app/db/schema/index.ts");
  factories = await app.load<typeof Factories>("/tests/factories/users.ts");
});
afterAll(async () => {
  await app?.close();
});

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

async function savedLanguage(userId: string) {
  const [row] = await db.select({ language: schema.users.preferredLanguage }).from(schema.users).where(eq(schema.users.id, userId));
  return row?.language ?? null;
}

/** The session cookies a response sets, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

describe("the member's saved language", () => {
  it("sign-up on a Spanish page saves Spanish: the verification e-mail and later pages are Spanish", async () => {
    const email = `nueva-${Date.now()}@example.test`;
    const signUp = await fetch(`${app.baseUrl}/auth/sign-up`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        Origin: app.baseUrl,
        // The sign-in dialog posts to the unprefixed endpoint from the page it is on.
        Referer: `${app.baseUrl}/es/explore`,
        "Accept-Language": "en-US",
      },
      body: new URLSearchParams({ email, password: "lantern-quiet-harbour-42" }),
    });
    expect(signUp.status).toBe(200);
    const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    expect(await savedLanguage(user!.id)).toBe("es");

    const [mail] = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.toEmail, email), eq(schema.emailOutbox.kind, "email_verification")));
    expect(mail!.subject).toBe("Confirma tu dirección de correo para Rentwell");
    expect(mail!.textBody).toContain("Te damos la bienvenida a Rentwell.");

    // No prefix, no `lang` cookie, an English browser: the signed-in member's Spanish.
    const page = await fetch(`${app.baseUrl}/explore`, { headers: { Cookie: cookiesOf(signUp), "Accept-Language": "en-US" } });
    expect(htmlTag(await page.text())).toBe('<html lang="es" dir="ltr">');
  });

  it("a signed-in member's pick from the language menu is saved; a later request without prefix or cookie answers in it", async () => {
    const user = await factories.createUser(db);
    const cookie = await factories.sessionCookieFor(db, user.id);
    expect(await savedLanguage(user.id)).toBeNull();

    const picked = await fetch(`${app.baseUrl}/language/fr?next=${encodeURIComponent("/explore")}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(picked.status).toBe(303);
    expect(picked.headers.get("Location")).toBe("/fr/explore");
    expect(await savedLanguage(user.id)).toBe("fr");

    // Another browser: only the session, asking for English. The prefix still wins.
    const later = await fetch(`${app.baseUrl}/explore`, { headers: { Cookie: cookie, "Accept-Language": "en-US" } });
    expect(htmlTag(await later.text())).toBe('<html lang="fr" dir="ltr">');
    const prefixed = await fetch(`${app.baseUrl}/ja/explore`, { headers: { Cookie: `${cookie}; lang=es` } });
    expect(htmlTag(await prefixed.text())).toBe('<html lang="ja" dir="ltr">');
    // The saved language beats the browser's `lang` cookie.
    const withCookie = await fetch(`${app.baseUrl}/explore`, { headers: { Cookie: `${cookie}; lang=es` } });
    expect(htmlTag(await withCookie.text())).toBe('<html lang="fr" dir="ltr">');

    // A visitor's pick saves nothing but the cookie.
    const visitor = await fetch(`${app.baseUrl}/language/ar?next=/`, { redirect: "manual" });
    expect(visitor.status).toBe(303);
    expect(await savedLanguage(user.id)).toBe("fr");
  });

  it("sign-in keeps the page's chosen language (a prefix) only when none is saved; the browser's header alone saves nothing", async () => {
    const signIn = (user: { email: string; password: string }, headers: Record<string, string>) =>
      fetch(`${app.baseUrl}/auth/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Origin: app.baseUrl, ...headers },
        body: new URLSearchParams({ email: user.email, password: user.password }),
      });
    const browserOnly = await factories.createUser(db);
    expect((await signIn(browserOnly, { Referer: `${app.baseUrl}/explore`, "Accept-Language": "ja" })).status).toBe(200);
    expect(await savedLanguage(browserOnly.id)).toBeNull();

    const onJapanesePage = await factories.createUser(db);
    expect((await signIn(onJapanesePage, { Referer: `${app.baseUrl}/ja/explore` })).status).toBe(200);
    expect(await savedLanguage(onJapanesePage.id)).toBe("ja");
    // A saved language is not replaced by the page's.
    expect((await signIn(onJapanesePage, { Referer: `${app.baseUrl}/ar/` })).status).toBe(200);
    expect(await savedLanguage(onJapanesePage.id)).toBe("ja");
  });
});
