import path from "node:path";
import { z } from "zod";

/**
 * The one place settings are read. Every setting has a working local default;
 * in production the ones that must never default are required, and start-up
 * fails with a single error naming every missing variable (spec §1).
 */

const REQUIRED_IN_PRODUCTION = ["SESSION_SECRET", "SITE_URL"] as const;

const DEV_SESSION_SECRET = "rentwell-local-development-secret-do-not-use-in-production";

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /** Defaults to http://localhost:{PORT} for local use. */
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").default(DEV_SESSION_SECRET),
  ADMIN_EMAILS: z
    .string()
    .default("admin@rentwell.test,ops@rentwell.test")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** Whether a guest's cancellation also refunds the service fee (by default the fee is kept). */
  REFUND_SERVICE_FEE: booleanish.default(false),
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
  PAYMENT_PROVIDER: z.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SEED_DEMO_DATA: booleanish.optional(),
  LOG_LEVEL: z.enum(["silent", "error", "info", "debug"]).default("info"),
});

export type Env = Omit<z.infer<typeof schema>, "SITE_URL"> & { SITE_URL: string; dataDir: string; isProduction: boolean };

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
  if (cleaned.NODE_ENV === "production") {
    for (const name of REQUIRED_IN_PRODUCTION) if (!cleaned[name]) missing.push(name);
    if (cleaned.MEDIA_STORAGE === "s3") {
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
        if (!cleaned[name]) missing.push(name);
      }
    }
    if (cleaned.PAYMENT_PROVIDER === "stripe") {
      for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) {
        if (!cleaned[name]) missing.push(name);
      }
    }
  }
  const parsed = schema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  if (missing.length > 0 || problems.length > 0) {
    const lines = [];
    if (missing.length > 0) lines.push(`Missing environment variables: ${missing.join(", ")}`);
    if (problems.length > 0) lines.push(`Invalid environment variables: ${problems.join("; ")}`);
    throw new ConfigError(lines.join("\n"), missing);
  }
  const env = parsed.data!;
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    isProduction: env.NODE_ENV === "production",
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
