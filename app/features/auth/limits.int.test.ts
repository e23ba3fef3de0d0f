import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitEvents } from "~/db/schema/index";
import { consumeRateLimit } from "~/features/security/rate-limit.server";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { EMAIL_TAKEN, SIGN_UP_IP_LIMITS, signIn, signUp } from "./accounts.server";

/** Issue #11, items 4 and 9: sign-up probing and atomic sign-in counting. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const GOOD = "violet-otter-canvas-19";

describe("9: counting is atomic", () => {
  it("50 parallel wrong passwords for one account: at most 10 are evaluated, the rest are refused with 429", async () => {
    const user = await createUser(database.db);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(database.db, { email: user.email, password: `wrong-guess-${i}` }, { ip: `192.0.2.${i + 1}`, userAgent: null })),
    );
    const evaluated = outcomes.filter((outcome) => !outcome.ok && outcome.status === 401).length;
    const refused = outcomes.filter((outcome) => !outcome.ok && outcome.status === 429).length;
    expect(evaluated).toBe(10);
    expect(refused).toBe(40);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.scope, "signin-account"), eq(rateLimitEvents.key, `signin-account:${user.email}`)));
    expect(row!.n).toBe(10);
  });

  it("consumeRateLimit lets exactly `max` of many parallel takers through", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => consumeRateLimit(database.db, { key: "atomic-test:one", limits: [{ max: 7, windowMs: 60_000 }] })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(7);
  });

  it("a right password gives its slot back: it never counts towards the lock-out", async () => {
    const user = await createUser(database.db, { password: GOOD });
    for (let i = 0; i < 12; i++) {
      expect((await signIn(database.db, { email: user.email, password: GOOD }, { ip: "192.0.2.250", userAgent: null })).ok).toBe(true);
    }
  });
});

describe("4: sign-up cannot be used to probe for accounts", () => {
  it("every attempt counts per e-mail address: a taken address answers 409 five times an hour, then 429", async () => {
    const user = await createUser(database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const outcome = await signUp(database.db, { email: user.email, password: GOOD }, { ip: `198.51.100.${i + 1}`, userAgent: null });
      statuses.push(outcome.ok ? 200 : outcome.status);
      if (!outcome.ok && outcome.status === 409) expect(outcome.result.error).toBe(EMAIL_TAKEN);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429, 429, 429]);
  });

  it("every attempt counts per client address, refused or not: 200 probes from one address get 20 answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const outcome = await signUp(database.db, { email: `probe-${i}@example.test`, password: i % 2 ? "short" : "" }, { ip: "203.0.113.77", userAgent: null });
      statuses.push(outcome.ok ? 200 : outcome.status);
    }
    const answered = SIGN_UP_IP_LIMITS[0]!.max;
    expect(answered).toBe(20);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(answered);
    expect(statuses.slice(answered).every((status) => status === 429)).toBe(true);
  });
});
