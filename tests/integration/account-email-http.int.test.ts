import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Schema from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import type * as Listings from "../factories/listings";
import type * as Factories from "../factories/users";
import { rawRequest, startAppHttp, type AppHttp } from "../setup/app-http";

/**
 * Issue #29 points 1-2 and the /dev/mail lock-down as a client sees them (ADRs 0240-0242):
 * the link pages' Referrer-Policy and the token leaving the URL, sign-up's verification
 * e-mail and the booking refused before it, the reset form's one answer and its limit, and
 * who may read /dev/mail — behind one trusted proxy (TRUST_PROXY=1), so X-Forwarded-For
 * is the client's address.
 */
let app: AppHttp;
let db: DbModule.Db;
let schema: typeof Schema;
let users: typeof Factories;

beforeAll(async () => {
  app = await startAppHttp({ port: 3152, env: { TRUST_PROXY: "1", LOG_LEVEL: "silent" } });
  db = await (await app.load<typeof DbModule>("/app/lib/db.server.ts")).getDb();
  schema = await app.load<typeof Schema>("/app/db/schema/index.ts");
  users = await app.load<typeof Factories>("/tests/factories/users.ts");
});
afterAll(async () => {
  await app?.close();
});

const from = (ip: string) => ({ "X-Forwarded-For": ip });

async function newestLink(kind: "password_reset" | "email_verification", to: string): Promise<string> {
  const [mail] = await db
    .select({ text: schema.emailOutbox.textBody })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.kind, kind), eq(schema.emailOutbox.toEmail, to)))
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(1);
  const match = mail?.text.match(/\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no ${kind} e-mail to ${to}`);
  return match[1]!;
}

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Origin: app.baseUrl, ...headers },
    body: new URLSearchParams(fields),
  });
}

describe("the password reset page", () => {
  it("moves the token from the URL into an HttpOnly cookie for the page, sends no Referer, and sets the new password", async () => {
    const user = await users.createUser(db);
    const asked = await postForm("/auth/forgot-password", { email: user.email }, from("198.51.100.1"));
    expect(asked.status).toBe(200);
    const token = await newestLink("password_reset", user.email);

    const opened = await rawRequest(app.baseUrl, { path: `/reset-password?token=${token}` });
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe("/reset-password");
    expect(opened.headers["referrer-policy"]).toBe("no-referrer");
    const setCookie = String(opened.headers["set-cookie"]);
    expect(setCookie).toContain(`rw_reset_link=${token}`);
    expect(setCookie).toMatch(/Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax/);
    const cookie = `rw_reset_link=${token}`;

    const page = await rawRequest(app.baseUrl, { path: "/reset-password", headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain(`Choose a new password for ${user.email}`);
    expect(page.body).not.toContain(token);

    const weak = await postForm("/reset-password", { password: "short" }, { cookie, Accept: "text/html" });
    expect(weak.status).toBe(400);
    const done = await postForm("/reset-password", { password: "lantern-quiet-harbour-42" }, { cookie, Accept: "text/html" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your password was changed. Sign in with your new password.");
    expect(done.headers.get("set-cookie")).toMatch(/rw_reset_link=; Path=\/; Max-Age=0/);
    const signIn = await postForm("/auth/sign-in", { email: user.email, password: "lantern-quiet-harbour-42" }, from("198.51.100.2"));
    expect(signIn.status).toBe(200);

    const reused = await rawRequest(app.baseUrl, { path: "/reset-password", headers: { cookie } });
    expect(reused.status).toBe(200);
    expect(reused.body).toContain("This link was already used.");
  });

  it("shows a clear message for a forged, truncated or missing token, never a 500", async () => {
    for (const path of ["/reset-password?token=forged", "/reset-password?token=%00%0d%0aSet-Cookie:%20x=1", "/verify-email?token=AAAA"]) {
      const opened = await rawRequest(app.baseUrl, { path });
      expect(opened.status).toBe(302);
      expect(String(opened.headers["set-cookie"])).not.toMatch(/x=1|%0d|\r/);
      const cookie = String(opened.headers["set-cookie"]).split(";")[0]!;
      const page = await rawRequest(app.baseUrl, { path: String(opened.headers.location), headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.body).toContain("This link is not valid.");
    }
    const missing = await rawRequest(app.baseUrl, { path: "/verify-email" });
    expect(missing.status).toBe(200);
    expect(missing.headers["referrer-policy"]).toBe("no-referrer");
    expect(missing.body).toContain("Open the link from the e-mail we sent you.");
  });

  it("answers the forgot-password form the same for known and unknown addresses, and 429 after 10 a minute from one network", async () => {
    const user = await users.createUser(db);
    const known = await postForm("/auth/forgot-password", { email: user.email }, from("192.0.2.77"));
    const unknown = await postForm("/auth/forgot-password", { email: "nobody-here@example.test" }, from("192.0.2.77"));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(((await known.json()) as { message: string }).message.replace(user.email, "X")).toBe(
      ((await unknown.json()) as { message: string }).message.replace("nobody-here@example.test", "X"),
    );
    for (let i = 0; i < 8; i++) await postForm("/auth/forgot-password", { email: `n${i}@example.test` }, from("192.0.2.77"));
    const limited = await postForm("/auth/forgot-password", { email: user.email }, from("192.0.2.77"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("verified e-mail over HTTP", () => {
  it("sign-up queues the verification link; the unverified account cannot book; the link page verifies it", async () => {
    const email = `fresh-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const signUp = await postForm("/auth/sign-up", { email, password: "lantern-quiet-harbour-42" }, from("198.51.100.3"));
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const token = await newestLink("email_verification", email);

    const { createSpace } = await app.load<typeof Listings>("/tests/factories/listings.ts");
    const host = await users.createUser(db);
    const space = await createSpace(db, { userId: host.id, hourlyPrice: 5000, timezone: "UTC" });
    const start = new Date();
    start.setUTCHours(10, 0, 0, 0);
    start.setUTCDate(start.getUTCDate() + 3);
    const hold = () =>
      fetch(`${app.baseUrl}/api/bookings/payment-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie },
        body: JSON.stringify({ spaceId: space.id, startTime: start.toISOString(), duration: 1, pricingUnit: "hour", amount: 5500, currency: "USD" }),
      });
    const refused = await hold();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "email_unverified", error: expect.stringContaining("Verify your e-mail address before you book") });
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.bookings).where(eq(schema.bookings.spaceId, space.id));
    expect(count!.n).toBe(0);

    const home = await rawRequest(app.baseUrl, { path: "/", headers: { cookie } });
    expect(home.body).toContain(`We sent a link to ${email}`);

    const opened = await rawRequest(app.baseUrl, { path: `/verify-email?token=${token}` });
    const linkCookie = String(opened.headers["set-cookie"]).split(";")[0]!;
    const confirmed = await postForm("/verify-email", {}, { cookie: `${cookie}; ${linkCookie}`, Accept: "text/html" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`Thank you: ${email} is verified.`);
    expect((await hold()).status).toBe(200);
  });
});

describe("/dev/mail", () => {
  it("answers a client on this machine, and a signed-in admin from anywhere; anyone else gets a 404", async () => {
    expect((await rawRequest(app.baseUrl, { path: "/dev/mail" })).status).toBe(200);
    expect((await rawRequest(app.baseUrl, { path: "/dev/mail", headers: from("127.0.0.1") })).status).toBe(200);
    expect((await rawRequest(app.baseUrl, { path: "/dev/mail", headers: from("::1") })).status).toBe(200);
    for (const ip of ["203.0.113.9", "10.1.2.3", "2001:db8::5"]) {
      expect((await rawRequest(app.baseUrl, { path: "/dev/mail", headers: from(ip) })).status).toBe(404);
      expect((await rawRequest(app.baseUrl, { path: "/dev/mail.data", headers: from(ip) })).status).toBe(404);
      expect((await rawRequest(app.baseUrl, { path: "/dev/mail/20260101-x.eml", headers: from(ip) })).status).toBe(404);
    }
    // A client cannot claim to be local past the trusted proxy: it appends the real address.
    expect((await rawRequest(app.baseUrl, { path: "/dev/mail", headers: from("127.0.0.1, 203.0.113.9") })).status).toBe(404);

    const member = await users.createUser(db);
    const memberCookie = await users.sessionCookieFor(db, member.id);
    expect((await rawRequest(app.baseUrl, { path: "/dev/mail", headers: { ...from("203.0.113.9"), cookie: memberCookie } })).status).toBe(404);
    const admin = await users.createUser(db, { isAdmin: true });
    const adminCookie = await users.sessionCookieFor(db, admin.id);
    const page = await rawRequest(app.baseUrl, { path: "/dev/mail", headers: { ...from("203.0.113.9"), cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sent e-mail");
  });
});
