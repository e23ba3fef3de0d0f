import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { MESSAGE_MAX_LENGTH, messageSchema } from "./message-schema";

const parse = (body: unknown) => parseForm(messageSchema, { body });

describe("the message box's schema (browser and server)", () => {
  it("keeps text as written, trimmed, with its line breaks; markup stays text", () => {
    expect(parse("  Hello\r\nthere <b>!</b>  ")).toEqual({ ok: true, data: { body: "Hello\nthere <b>!</b>" } });
    expect(parse("a\u0000b")).toEqual({ ok: true, data: { body: "ab" } });
  });

  it("refuses an empty message and one over 2,000 characters with a clear message", () => {
    expect(parse("   ")).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageEmpty } });
    expect(parse(undefined)).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageEmpty } });
    expect(parse("x".repeat(MESSAGE_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(parse("x".repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({ ok: false, fieldErrors: { body: ERROR_TEXT.messageTooLong } });
  });
});
