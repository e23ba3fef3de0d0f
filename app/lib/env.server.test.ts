import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("works with no settings at all, using local defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PLATFORM_FEE_PERCENT).toBe(10);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PAYMENT_PROVIDER).toBe("local");
    expect(env.MEDIA_STORAGE).toBe("local");
    expect(env.ADMIN_EMAILS).toEqual(["admin@rentwell.test", "ops@rentwell.test"]);
    expect(env.dataDir).toMatch(/data$/);
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  it("points the default site URL at the chosen port", () => {
    expect(parseEnv({ PORT: "4100" }).SITE_URL).toBe("http://localhost:4100");
    expect(parseEnv({ PORT: "4100", SITE_URL: "https://rentwell.example" }).SITE_URL).toBe("https://rentwell.example");
  });

  it("in production names every missing variable in one error", () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: "production" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).missing).toEqual(["SESSION_SECRET", "SITE_URL"]);
    expect((error as Error).message).toBe("Missing environment variables: SESSION_SECRET, SITE_URL");
  });

  it("IDENTITY_PROVIDER is local by default; stripe needs the secret key and the webhook secret (ADR 0250)", () => {
    expect(parseEnv({}).IDENTITY_PROVIDER).toBe("local");
    expect(() => parseEnv({ IDENTITY_PROVIDER: "stripe" })).toThrow("Missing environment variables: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET");
    expect(parseEnv({ IDENTITY_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).IDENTITY_PROVIDER).toBe("stripe");
    expect(() => parseEnv({ IDENTITY_PROVIDER: "onfido" })).toThrow("IDENTITY_PROVIDER: must be 'local' or 'stripe'");
  });

  it("PAYMENT_PROVIDER=stripe requires its three keys, in every mode, named in one error (ADR 0130)", () => {
    const base = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), SITE_URL: "https://rentwell.example", PAYMENT_PROVIDER: "stripe" };
    let error: unknown;
    try {
      parseEnv(base);
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).missing).toEqual(["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow("Missing environment variables: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET");
    const keys = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    const env = parseEnv({ ...base, ...keys });
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
    expect(env.STRIPE_PUBLISHABLE_KEY).toBe("pk_test_abc");
    expect(() => parseEnv({ ...base, ...keys, STRIPE_PUBLISHABLE_KEY: "sk_test_swapped" })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow("PAYMENT_PROVIDER: must be 'local' or 'stripe'");
    expect(() => parseEnv({ ...base, ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow("STRIPE_API_URL: the secret key is only sent over https in production");
    expect(parseEnv({ PAYMENT_PROVIDER: "stripe", ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).STRIPE_API_URL).toBe("http://127.0.0.1:12111");
  });

  it("starts in production when the required variables are set", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), SITE_URL: "https://rentwell.example" });
    expect(env.isProduction).toBe(true);
  });

  it("accepts every LOG_LEVEL the README lists, warn included", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const row = readme.split("\n").find((line) => line.startsWith("| `LOG_LEVEL`"))!;
    const listed = [...row.split("|")[3]!.matchAll(/`([a-z]+)`/g)].map((match) => match[1]!);
    expect(listed).toContain("warn");
    for (const level of listed) expect(parseEnv({ LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reports invalid values by name", () => {
    expect(() => parseEnv({ PORT: "eighty", PLATFORM_FEE_PERCENT: "-3" })).toThrow(/PORT.*PLATFORM_FEE_PERCENT/s);
  });

  it("production is chosen by APP_ENV, or by NODE_ENV=production when APP_ENV is unset", () => {
    // `npm start` runs React's production build (NODE_ENV=production) as the local demo.
    const demo = parseEnv({ NODE_ENV: "production", APP_ENV: "local" });
    expect(demo.isProduction).toBe(false);
    expect(demo.APP_ENV).toBe("local");
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow("Missing environment variables: SESSION_SECRET, SITE_URL");
    expect(parseEnv({}).APP_ENV).toBe("local");
  });

  it("has no admins by e-mail in production unless ADMIN_EMAILS names them", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), SITE_URL: "https://rentwell.example" };
    expect(parseEnv(production).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ...production, ADMIN_EMAILS: "boss@example.com" }).ADMIN_EMAILS).toEqual(["boss@example.com"]);
  });

  it("an empty ADMIN_EMAILS means no admins by e-mail, also in the local demo", () => {
    expect(parseEnv({ ADMIN_EMAILS: "" }).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ADMIN_EMAILS: " , " }).ADMIN_EMAILS).toEqual([]);
  });

  it("splits, trims and lowercases admin e-mails", () => {
    expect(parseEnv({ ADMIN_EMAILS: " Boss@Example.com , ops@example.com," }).ADMIN_EMAILS).toEqual([
      "boss@example.com",
      "ops@example.com",
    ]);
  });
});
