import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

/**
 * The key that signs access tokens (docs/decisions/0083-generated-local-session-secret.md).
 * SESSION_SECRET when set (production requires it, env.server.ts). Otherwise a random
 * secret generated on the first local start and kept in DATA_DIR/session-secret (mode
 * 0600), so no two installations share a key and none is published in the repository.
 */
export const SECRET_FILE = "session-secret";

export function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": only the first process creates it; a worker starting at the same time reads it.
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stat = fs.statSync(file);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters: delete it to generate a new secret.`);
  return secret;
}

let cached: { dataDir: string; secret: string } | undefined;

/** The signing secret of this process. */
export function sessionSecret(): string {
  const settings = env();
  if (settings.SESSION_SECRET) return settings.SESSION_SECRET;
  if (cached?.dataDir !== settings.dataDir) cached = { dataDir: settings.dataDir, secret: localSessionSecret(settings.dataDir) };
  return cached.secret;
}
