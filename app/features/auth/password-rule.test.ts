import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";
import { newPasswordProblem } from "./password-rule.server";

describe("new password rule", () => {
  it("accepts 8 to 128 characters that are not common", () => {
    expect(newPasswordProblem("rentwell-demo")).toBeNull();
    expect(newPasswordProblem("violet-otter-canvas-19")).toBeNull();
    expect(newPasswordProblem("Zq8#".repeat(32))).toBeNull();
  });

  it("says why a password is refused", () => {
    expect(newPasswordProblem("abc")).toBe("Password must be at least 8 characters (it has 3).");
    expect(newPasswordProblem("x".repeat(129))).toBe("Password must be at most 128 characters.");
    expect(newPasswordProblem("password")).toMatch(/one of the most commonly used passwords/);
    expect(newPasswordProblem("PASSWORD123")).toMatch(/one of the most commonly used passwords/);
    expect(newPasswordProblem("qwertyuiop")).toMatch(/one of the most commonly used passwords/);
    expect(newPasswordProblem("zzzzzzzzzzzz")).toBe("Password must not be one character repeated.");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(newPasswordProblem("🔑🔑🔑🔑")).toBe("Password must be at least 8 characters (it has 4).");
    // 100 emoji are 200 UTF-16 units but 100 characters: within the limit.
    expect(newPasswordProblem("🔑🌊🎈🧭".repeat(25))).toBeNull();
    expect(newPasswordProblem("🔑🌊🎈🧭".repeat(32) + "🔑")).toBe("Password must be at most 128 characters.");
  });
});

describe("password hashing", () => {
  it("hashes with argon2id and the parameters of ADR 0013, verifying only the right password", async () => {
    const hash = await hashPassword("violet-otter-canvas-19");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "violet-otter-canvas-19")).toBe(true);
    expect(await verifyPassword(hash, "violet-otter-canvas-20")).toBe(false);
    expect(await hashPassword("violet-otter-canvas-19")).not.toBe(hash);
  });

  it("treats composed and decomposed accents as the same password, and other unicode exactly", async () => {
    const composed = "caf\u00e9-au-lait-\u{1F511}";
    const decomposed = "cafe\u0301-au-lait-\u{1F511}";
    const hash = await hashPassword(composed);
    expect(await verifyPassword(hash, decomposed)).toBe(true);
    expect(await verifyPassword(hash, "cafe-au-lait-\u{1F511}")).toBe(false);
    expect(await verifyPassword(await hashPassword("pass\u0000word-with-nul"), "pass\u0000word-with-nul")).toBe(true);
  });

  it("treats a corrupt stored hash as a wrong password", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
