import crypto from "node:crypto";
import { profiles, users } from "~/db/schema/index";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/features/auth/cookies.server";
import { hashPassword } from "~/features/auth/password.server";
import { createSession } from "~/features/auth/session.server";
import type { Db } from "~/lib/db.server";

export type CreatedUser = { id: string; email: string; password: string };

/**
 * A user with a profile row, ready to sign in. Defaults give a unique e-mail and a
 * password that passes the password rule.
 */
export async function createUser(
  db: Db,
  overrides: {
    email?: string;
    password?: string;
    fullName?: string | null;
    isAdmin?: boolean;
    /** false: no usable password, so no argon2 (fast), for tests that make many users and never sign them in. */
    signIn?: boolean;
    /** false: an account whose e-mail address is not verified yet (ADR 0241); verified by default. */
    emailVerified?: boolean;
  } = {},
): Promise<CreatedUser> {
  const email = (overrides.email ?? `user-${crypto.randomBytes(6).toString("hex")}@example.test`).toLowerCase();
  const password = overrides.password ?? "correct horse battery staple";
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: overrides.signIn === false ? "no-sign-in" : await hashPassword(password),
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  await db.insert(profiles).values({
    id: user!.id,
    fullName: overrides.fullName === undefined ? null : overrides.fullName,
    isAdmin: overrides.isAdmin ?? false,
  });
  return { id: user!.id, email, password };
}

/** A Cookie header value that signs a request in as `userId` (a real session row in `db`). */
export async function sessionCookieFor(db: Db, userId: string): Promise<string> {
  const tokens = await createSession(db, userId, { userAgent: "vitest" });
  return `${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}`;
}
