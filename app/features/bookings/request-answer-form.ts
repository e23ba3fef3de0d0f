import type { FieldErrors } from "~/lib/forms";
import { UUID_PATTERN } from "~/lib/uuid";
import { z } from "~/lib/zod";
import { REASON_MAX, REQUEST_TEXT } from "./request-rules";

/**
 * The host's answer to a request to book (issue #28, ADR 0280), posted by the dashboard's
 * Requests section, the conversation and the e-mail link's page to /requests/:bookingId
 * (docs/decisions/0060-form-pipeline.md): accept, or decline with an optional reason.
 */
export const requestAnswerSchema = z.object({
  intent: z.enum(["accept", "decline"], { error: "Choose Accept or Decline" }),
  bookingId: z.string({ error: REQUEST_TEXT.notFound }).trim().regex(UUID_PATTERN, REQUEST_TEXT.notFound),
  reason: z.string().trim().max(REASON_MAX, REQUEST_TEXT.reasonTooLong).optional(),
});

export type RequestAnswerField = keyof z.input<typeof requestAnswerSchema>;

/** What the action answers. */
export type RequestAnswer = { ok: true; status: string; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors<RequestAnswerField> };
