import { describe, expect, it } from "vitest";
import { IDENTITY_TEXT, REJECT_REASON_MAX } from "~/features/identity/identity-text";
import { HANDOVER_CONDITION_MAX, HANDOVER_MAX_PHOTOS, HANDOVER_NOTE_MAX, HANDOVER_TEXT, ODOMETER_MAX_KM } from "./handover-rules";

/**
 * The limits in texts that travel as strings are written out (so each language's catalog
 * writes the number its way, issue #31): they must say the limits the code enforces.
 */
describe("texts that name a limit", () => {
  it("say the handover form's limits", () => {
    const en = (n: number) => n.toLocaleString("en-US");
    expect(HANDOVER_TEXT.errors.noteTooLong).toBe(`Please keep the note under ${en(HANDOVER_NOTE_MAX)} characters.`);
    expect(HANDOVER_TEXT.errors.conditionTooLong).toBe(`Please keep the condition under ${en(HANDOVER_CONDITION_MAX)} characters.`);
    expect(HANDOVER_TEXT.errors.odometer).toBe(`Enter the odometer in whole km, from 0 to ${en(ODOMETER_MAX_KM)}.`);
    expect(HANDOVER_TEXT.errors.tooManyPhotos).toBe(`Add at most ${HANDOVER_MAX_PHOTOS} photos.`);
  });

  it("say the identity review's reason limit", () => {
    expect(IDENTITY_TEXT.admin.reasonTooLong).toBe(`Keep the reason under ${REJECT_REASON_MAX} characters.`);
  });
});
