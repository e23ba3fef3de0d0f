import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./log-levels";

/**
 * The one place settings are read. Every setting has a working local default;
 * in production the ones that must never default are required, and start-up
 * fails with a single error naming every missing variable (docs/product.md#settings).
 */

const REQUIRED_IN_PRODUCTION = ["SESSION_SECRET", "SITE_URL"] as const;
/** Required whenever PAYMENT_PROVIDER=stripe, in every mode (ADR 0130). */
export const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** The brokers PUBSUB_URL may name, by URL scheme (ADR 0265). */
export const PUBSUB_PROTOCOLS = { "redis:": "redis", "rediss:": "redis", "nats:": "nats", "tls:": "nats" } as const;

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * Which configuration rules apply (docs/decisions/0090-build-mode-and-app-env.md):
   * `local`, the zero-setting demo, or `production`, which requires the settings that
   * must never default. Default: `production` when NODE_ENV=production, else `local`.
   * `npm start` runs React's production build with APP_ENV=local unless told otherwise.
   */
  APP_ENV: z.enum(["local", "production"]).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Worker processes on PostgreSQL (default: one per core); the embedded database always uses one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /** Connections per worker (default: 80 shared by the workers, 2 to 10 each), so workers × pool stays under PostgreSQL's 100. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /** A direct (session) connection for LISTEN, when DATABASE_URL points at a pooler in transaction mode. */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** Comma-separated read replicas: anonymous visitors' search, space and city pages read from them. */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.string().url("DATABASE_REPLICA_URLS must be comma-separated URLs"))),
  /** Named prepared statements; off behind a pooler that does not keep them (PgBouncer < 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: booleanish.default(true),
  /**
   * The live updates' transport (issue #30 point 4, ADR 0265): unset, PostgreSQL NOTIFY;
   * redis://… (rediss://) for Redis pub/sub, nats://… (tls://) for NATS. Every server of one
   * database must have the same value. Needs DATABASE_URL.
   */
  PUBSUB_URL: z
    .string()
    .url("must be a redis://, rediss://, nats:// or tls:// URL")
    .refine((value) => Object.hasOwn(PUBSUB_PROTOCOLS, new URL(value).protocol), "must be a redis://, rediss://, nats:// or tls:// URL (unset: PostgreSQL NOTIFY)")
    .optional(),
  /** Put before every channel (Redis) or subject (NATS) name, so several sites can share one broker. */
  PUBSUB_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{0,64}$/, "must be at most 64 letters, digits, '_', '.', ':' or '-'")
    .default("rentwell."),
  /** Defaults to http://localhost:{PORT} for local use. */
  SITE_URL: z.string().url().optional(),
  /** Unset locally: a random one is generated under DATA_DIR (app/lib/session-secret.server.ts). */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** How many proxy hops in front of the server may set X-Forwarded-For (0: none; the socket's address counts). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Comma-separated; default: the demo admins locally, nobody in production. Empty means nobody. */
  ADMIN_EMAILS: z.string().optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** Whether a guest's cancellation also refunds the service fee (by default the fee is kept). */
  REFUND_SERVICE_FEE: booleanish.default(false),
  /**
   * How long a host has to answer a request to book (issue #28, ADR 0280), 1..144 hours: a
   * request expires at the earliest of its authorisation plus this and the booking's start,
   * always within the card networks' 7-day authorisation life.
   */
  REQUEST_RESPONSE_HOURS: z.coerce.number().int().min(1).max(144).default(24),
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  /** S3-compatible storage (AWS S3, MinIO, R2...), used when MEDIA_STORAGE=s3. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000; default AWS for the region. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (a CDN); default: the endpoint's bucket URL. */
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(true),
  /**
   * `local`: the built-in test-mode card processor (ADR 0103); `stripe`: Stripe
   * PaymentIntents, Elements and Connect payouts (ADR 0130), which needs the three
   * STRIPE_* keys below.
   */
  PAYMENT_PROVIDER: z.enum(["local", "stripe"], { error: "must be 'local' or 'stripe'" }).default("local"),
  /**
   * Identity verification (issue #29 point 3, ADR 0250): `local`, photos reviewed by an admin
   * in /admin; `stripe`, Stripe Identity (needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
   */
  IDENTITY_PROVIDER: z.enum(["local", "stripe"], { error: "must be 'local' or 'stripe'" }).default("local"),
  /** Stripe's secret API key (sk_test_… or sk_live_…), required when PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
  /** Stripe's publishable key (pk_test_… or pk_live_…), sent to the payment step's Elements. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_/, "must be a Stripe publishable key (pk_test_… or pk_live_…)").optional(),
  /** The signing secret of the webhook endpoint /api/webhooks/stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  /** Where the Stripe SDK sends its calls; default Stripe's own API. Tests point it at a local Stripe-compatible server. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * Stripe only: also offer the payment methods that settle days later (bank debits and
   * the like; Stripe's automatic payment methods). Off by default: cards only, so a
   * payment is decided within the 15-minute hold. With it on, a processing payment
   * extends its hold, and one that succeeds too late is refunded (issue #25).
   */
  STRIPE_DELAYED_METHODS: booleanish.default(false),
  /** Who bears a lost card dispute: the platform (default), or the host, from their payout or balance (issue #25). */
  DISPUTE_LOSSES: z.enum(["platform", "host"], { error: "must be 'platform' or 'host'" }).default("platform"),
  /** Days after a booking's end its security deposit is released when no claim was opened (issue #28, ADR 0283). */
  DEPOSIT_RELEASE_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  SEED_DEMO_DATA: booleanish.optional(),
  /**
   * Where e-mail goes (ADR 0170): an SMTP server URL such as smtp://user:pass@host:587 or
   * smtps://host:465. Unset: each e-mail is written as an .eml file under DATA_DIR/mail
   * (listed at /dev/mail in the local demo) and nothing leaves the machine.
   */
  SMTP_URL: z.string().url().optional(),
  /** The From address of every e-mail. */
  MAIL_FROM: z.string().min(3).default("Rentwell <no-reply@rentwell.test>"),
  /**
   * Test mode only (refused when APP_ENV=production): requests may name their own
   * "now" in the X-Test-Now header, and POST /__test/jobs/{name} runs a background job
   * at that instant (app/lib/clock.server.ts). Browser journeys use it to move past a
   * booking's end without waiting for it.
   */
  TEST_CLOCK: booleanish.default(false),
  /**
   * Tests only (refused when APP_ENV=production): calendar import (ADR 0203) may fetch
   * .ics feeds from loopback addresses (127.0.0.0/8, ::1), where the tests serve them.
   * Private, link-local and every other non-public range stay refused.
   */
  CALENDAR_IMPORT_ALLOW_PRIVATE: booleanish.default(false),
  /**
   * Geocoding (issue #27, ADR 0220): a Nominatim-compatible search endpoint such as
   * https://nominatim.openstreetmap.org/search. Unset: addresses are placed offline from
   * the bundled GeoNames gazetteer, and nothing leaves the machine.
   */
  GEOCODER_URL: z.string().url().optional(),
  /**
   * Exchange rates for prices in the guest's currency (issue #31 point 4, ADR 0292): an
   * ECB-format XML URL such as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml,
   * fetched by the `exchange-rates` job. Unset: only the bundled dated rates file (loaded at
   * start), and nothing leaves the machine.
   */
  EXCHANGE_RATES_URL: z.string().url().refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL").optional(),
  /**
   * Days a rate may be old before no estimate is shown in its currency. Default: 10 with
   * EXCHANGE_RATES_URL (the job keeps them fresh), no limit without it (the bundled file is the chosen source).
   */
  EXCHANGE_RATES_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
  /** The map's tile style (a MapLibre style JSON URL). Unset: the bundled offline basemap of country outlines. */
  MAP_STYLE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
});

export type Env = Omit<z.infer<typeof schema>, "SITE_URL" | "ADMIN_EMAILS" | "APP_ENV"> & {
  SITE_URL: string;
  ADMIN_EMAILS: string[];
  APP_ENV: "local" | "production";
  dataDir: string;
  isProduction: boolean;
};

/** The local demo's admins (README "Demo accounts"); outside the local demo there are none by default. */
export const DEMO_ADMIN_EMAILS = "admin@rentwell.test,ops@rentwell.test";

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly missing: string[],
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses a set of variables; throws ConfigError listing every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const missing: string[] = [];
  const problemsBefore: string[] = [];
  const appEnv = cleaned.APP_ENV ?? (cleaned.NODE_ENV === "production" ? "production" : "local");
  const isProduction = appEnv === "production";
  if (isProduction) {
    for (const name of REQUIRED_IN_PRODUCTION) if (!cleaned[name]) missing.push(name);
    if (cleaned.TEST_CLOCK && booleanish.safeParse(cleaned.TEST_CLOCK).data) {
      problemsBefore.push("TEST_CLOCK: the test clock is refused in production");
    }
    if (cleaned.CALENDAR_IMPORT_ALLOW_PRIVATE && booleanish.safeParse(cleaned.CALENDAR_IMPORT_ALLOW_PRIVATE).data) {
      problemsBefore.push("CALENDAR_IMPORT_ALLOW_PRIVATE: fetching calendars from loopback addresses is refused in production");
    }
    if (cleaned.MEDIA_STORAGE === "s3") {
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
        if (!cleaned[name]) missing.push(name);
      }
    }
  }
  if (cleaned.PAYMENT_PROVIDER === "stripe") {
    for (const name of STRIPE_KEYS) if (!cleaned[name]) missing.push(name);
  }
  if (cleaned.IDENTITY_PROVIDER === "stripe") {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) if (!cleaned[name] && !missing.includes(name)) missing.push(name);
  }
  if (cleaned.PUBSUB_URL && !cleaned.DATABASE_URL) {
    problemsBefore.push("PUBSUB_URL: a message broker needs PostgreSQL (DATABASE_URL); the embedded database runs in one process and needs none");
  }
  if (isProduction && cleaned.STRIPE_API_URL && !cleaned.STRIPE_API_URL.startsWith("https://")) {
    problemsBefore.push("STRIPE_API_URL: the secret key is only sent over https in production");
  }
  const parsed = schema.safeParse(cleaned);
  const problems = [
    ...problemsBefore,
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)),
  ];
  if (missing.length > 0 || problems.length > 0) {
    const lines = [];
    if (missing.length > 0) lines.push(`Missing environment variables: ${missing.join(", ")}`);
    if (problems.length > 0) lines.push(`Invalid environment variables: ${problems.join("; ")}`);
    throw new ConfigError(lines.join("\n"), missing);
  }
  const env = parsed.data!;
  // An empty ADMIN_EMAILS is a choice (no admins by e-mail), not a missing value.
  const adminEmails = source.ADMIN_EMAILS ?? (isProduction ? "" : DEMO_ADMIN_EMAILS);
  return {
    ...env,
    APP_ENV: isProduction ? "production" : "local",
    ADMIN_EMAILS: adminEmails
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    isProduction,
  };
}

let cached: Env | undefined;

/** The process's settings, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
