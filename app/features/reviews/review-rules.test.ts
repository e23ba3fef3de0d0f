import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { REVIEW_WINDOW_MS, replySchema, reviewBlocker, reviewSchema } from "./review-rules";

const end = new Date("2026-06-10T16:00:00Z");
const at = (ms: number) => new Date(end.getTime() + ms);

describe("reviewBlocker", () => {
  it("opens when the stay ends and closes 14 days later", () => {
    expect(reviewBlocker({ status: "confirmed", endTime: end }, at(-1))).toBe(ERROR_TEXT.reviewNotEnded);
    expect(reviewBlocker({ status: "confirmed", endTime: end }, at(0))).toBeNull();
    expect(reviewBlocker({ status: "completed", endTime: end }, at(REVIEW_WINDOW_MS))).toBeNull();
    expect(reviewBlocker({ status: "completed", endTime: end }, at(REVIEW_WINDOW_MS + 1))).toBe(ERROR_TEXT.reviewWindowClosed);
  });

  it("never opens for a cancelled, unpaid or expired booking", () => {
    expect(reviewBlocker({ status: "cancelled", endTime: end }, at(1))).toBe(ERROR_TEXT.reviewCancelled);
    expect(reviewBlocker({ status: "pending_payment", endTime: end }, at(1))).toBe(ERROR_TEXT.reviewBookingNotFound);
    expect(reviewBlocker({ status: "expired", endTime: end }, at(1))).toBe(ERROR_TEXT.reviewBookingNotFound);
  });
});

describe("reviewSchema", () => {
  it("accepts 1–5 with an optional comment, trimmed", () => {
    expect(parseForm(reviewSchema, { rating: "5", comment: "  Great  " })).toEqual({ ok: true, data: { rating: 5, comment: "Great" } });
    expect(parseForm(reviewSchema, { rating: "1", comment: "   " })).toEqual({ ok: true, data: { rating: 1, comment: null } });
    expect(parseForm(reviewSchema, { rating: "3" })).toEqual({ ok: true, data: { rating: 3, comment: null } });
  });

  it("refuses 0, 6, 2.5, text and a missing rating, and a comment over 2 000 characters", () => {
    for (const rating of ["0", "6", "2.5", "abc", undefined, ""]) {
      expect(parseForm(reviewSchema, { rating })).toEqual({ ok: false, fieldErrors: { rating: ERROR_TEXT.reviewRating } });
    }
    expect(parseForm(reviewSchema, { rating: "4", comment: "x".repeat(2001) })).toEqual({ ok: false, fieldErrors: { comment: ERROR_TEXT.reviewTooLong } });
    expect(parseForm(reviewSchema, { rating: "4", comment: "x".repeat(2000) }).ok).toBe(true);
  });

  it("requires an answer's text", () => {
    expect(parseForm(replySchema, { reply: "  " })).toEqual({ ok: false, fieldErrors: { reply: ERROR_TEXT.replyEmpty } });
    expect(parseForm(replySchema, { reply: "x".repeat(2001) })).toEqual({ ok: false, fieldErrors: { reply: ERROR_TEXT.replyTooLong } });
  });
});
