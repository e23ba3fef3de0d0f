import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "./tokens.server";

const claims = { userId: crypto.randomUUID(), sessionId: crypto.randomUUID() };
const originalSecret = process.env.SESSION_SECRET;

function useSecret(secret: string) {
  process.env.SESSION_SECRET = secret;
  resetEnvCache();
}

afterEach(() => {
  if (originalSecret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = originalSecret;
  resetEnvCache();
});

describe("verifyAccessToken, with the tokens it has verified remembered", () => {
  it("accepts a token again until its expiry, and not a moment after", async () => {
    useSecret("a".repeat(40));
    const issued = new Date("2026-11-25T10:00:00Z");
    const token = await signAccessToken(claims, issued);
    expect(await verifyAccessToken(token, issued)).toEqual(claims);
    const lastMoment = new Date(issued.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1);
    expect(await verifyAccessToken(token, lastMoment)).toEqual(claims);
    expect(await verifyAccessToken(token, new Date(lastMoment.getTime() + 1))).toBeNull();
  });

  it("never takes a tampered copy of a verified token for it", async () => {
    useSecret("b".repeat(40));
    const now = new Date();
    const token = await signAccessToken(claims, now);
    expect(await verifyAccessToken(token, now)).toEqual(claims);
    const [header, payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: crypto.randomUUID() })).toString("base64url");
    expect(await verifyAccessToken(`${header}.${forgedPayload}.${signature}`, now)).toBeNull();
  });

  it("forgets what it verified when the secret changes", async () => {
    useSecret("c".repeat(40));
    const now = new Date();
    const token = await signAccessToken(claims, now);
    expect(await verifyAccessToken(token, now)).toEqual(claims);
    useSecret("d".repeat(40));
    expect(await verifyAccessToken(token, now)).toBeNull();
  });
});
