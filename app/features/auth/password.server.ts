import { hash, verify } from "@node-rs/argon2";

/** argon2id with the parameters of docs/decisions/0013-passwords.md (OWASP's minimum for argon2id). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Passwords are hashed in Unicode normalization form NFKC (NIST SP 800-63B), so "é"
 * typed as one code point on one keyboard and as "e" + accent on another is the same
 * password. ASCII passwords are unchanged by it.
 */
function normalize(password: string): string {
  return password.normalize("NFKC");
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false;
  }
}
