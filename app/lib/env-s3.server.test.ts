import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("S3 media settings", () => {
  it("are off by default", () => {
    const env = parseEnv({});
    expect(env.MEDIA_STORAGE).toBe("local");
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("in production with MEDIA_STORAGE=s3 require bucket and credentials", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), SITE_URL: "https://rentwell.example", MEDIA_STORAGE: "s3" }),
    ).toThrow("Missing environment variables: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY");
  });

  it("parse endpoint, public URL and path style", () => {
    const env = parseEnv({ MEDIA_STORAGE: "s3", S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example", S3_FORCE_PATH_STYLE: "false" });
    expect(env).toMatchObject({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example", S3_FORCE_PATH_STYLE: false });
    expect(() => parseEnv({ S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
