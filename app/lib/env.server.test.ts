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

  it("refuses PAYMENT_PROVIDER=stripe at start-up and reads no Stripe keys (ADR 0071, ADR 0103)", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), SITE_URL: "https://rentwell.example", PAYMENT_PROVIDER: "stripe" }),
    ).toThrow("PAYMENT_PROVIDER: only 'local' (the built-in test-mode processor) is available; the Stripe provider is not built yet");
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), SITE_URL: "https://rentwell.example", STRIPE_SECRET_KEY: "sk_test_unused" });
    expect(Object.keys(env).filter((name) => name.startsWith("STRIPE_"))).toEqual([]);
  });

  it("starts in production when the required variables are set", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), SITE_URL: "https://rentwell.example" });
    expect(env.isProduction).toBe(true);
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
