import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { CONTACT_LIMITS, contactSchema } from "./contact-schema";

const parseContact = (fields: Record<string, unknown>) => parseForm(contactSchema, fields);

const valid = { name: "Ana Lima", email: "ana@example.com", subject: "support", message: "Hello there" };

describe("parseContact", () => {
  it("accepts a complete message and trims it", () => {
    const result = parseContact({ ...valid, name: "  Ana Lima  " });
    expect(result).toEqual({ ok: true, data: valid });
  });

  it("requires every field with a message per field", () => {
    const result = parseContact({ name: "", email: "", subject: "", message: "   " });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      name: "Please enter your name.",
      email: "Please enter your e-mail address.",
      subject: "Please choose a subject.",
      message: "Please enter a message.",
    });
  });

  it("rejects a malformed e-mail and an unknown subject", () => {
    const result = parseContact({ ...valid, email: "ana@", subject: "legal" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.email).toBe("Please enter a valid e-mail address.");
    expect(result.fieldErrors.subject).toBe("Please choose a subject.");
  });

  it("rejects a 100 000-character message with a clear message", () => {
    const result = parseContact({ ...valid, message: "x".repeat(100_000) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.message).toMatch(/too long.*5,000 characters/);
  });

  it("accepts a message at the limit and keeps HTML as plain text", () => {
    const html = "<script>alert(1)</script>";
    const result = parseContact({ ...valid, message: html + "y".repeat(CONTACT_LIMITS.message - html.length) });
    expect(result.ok && result.data.message.startsWith(html)).toBe(true);
  });

  it("treats missing fields (not strings) as empty", () => {
    const result = parseContact({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["email", "message", "name", "subject"]);
  });
});

describe("control characters", () => {
  it("removes NUL and other control characters a person cannot type, keeping line breaks in the message", () => {
    const result = parseContact({ ...valid, name: "An\u0000a\tLima\n", message: "Line one\r\nLine\u0000 two\u0007\ttab" });
    expect(result).toEqual({ ok: true, data: { ...valid, name: "An a Lima", message: "Line one\nLine two\ttab" } });
  });

  it("a name or message of control characters only counts as empty", () => {
    const result = parseContact({ ...valid, name: "\u0000\u0001", message: "\u0000\u001F" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual({ name: "Please enter your name.", message: "Please enter a message." });
  });

  it("never accepts a NUL in the e-mail address", () => {
    const result = parseContact({ ...valid, email: "ana\u0000@example.com" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.email).toBe("Please enter a valid e-mail address.");
  });
});
