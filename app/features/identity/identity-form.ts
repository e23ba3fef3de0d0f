import { UUID_PATTERN } from "~/lib/uuid";
import { z } from "~/lib/zod";
import { IDENTITY_TEXT, REJECT_REASON_MAX } from "./identity-text";

/**
 * The identity forms (docs/decisions/0060-form-pipeline.md), shared by the browser and the
 * actions: the member's submission of their two uploaded photos, and the admin's review.
 */
export const identitySubmitSchema = z.object({
  intent: z.literal("submit"),
  documentUploadId: z.string({ error: IDENTITY_TEXT.errors.documentRequired }).trim().regex(UUID_PATTERN, IDENTITY_TEXT.errors.documentRequired),
  selfieUploadId: z.string({ error: IDENTITY_TEXT.errors.selfieRequired }).trim().regex(UUID_PATTERN, IDENTITY_TEXT.errors.selfieRequired),
});
export type IdentitySubmitField = keyof z.input<typeof identitySubmitSchema>;

export const IDENTITY_REVIEW_INTENTS = ["approve_identity", "reject_identity"] as const;

export const identityReviewSchema = z
  .object({
    intent: z.enum(IDENTITY_REVIEW_INTENTS),
    verificationId: z.string().trim().regex(UUID_PATTERN, IDENTITY_TEXT.admin.notFound),
    reason: z.string().trim().max(REJECT_REASON_MAX, IDENTITY_TEXT.admin.reasonTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.intent === "reject_identity" && value.reason.length < 3) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: IDENTITY_TEXT.admin.reasonRequired });
    }
  });
export type IdentityReviewField = keyof z.input<typeof identityReviewSchema>;

export function isIdentityReviewIntent(value: unknown): value is (typeof IDENTITY_REVIEW_INTENTS)[number] {
  return value === "approve_identity" || value === "reject_identity";
}
