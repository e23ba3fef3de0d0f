import { UUID_PATTERN } from "~/lib/uuid";
import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";

/**
 * The moderation form (ADR 0151), shared by the browser and the /admin action
 * (docs/decisions/0060-form-pipeline.md). Taking something down needs a reason the owner
 * will read; putting it back takes an optional note for the log. Hosts' reviews of guests
 * are hidden and restored the same way (issue #28 point 5, ADR 0289).
 */
export const MODERATION_INTENTS = ["unpublish_listing", "republish_listing", "suspend_user", "unsuspend_user", "hide_guest_review", "restore_guest_review"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];

export const REASON_MAX = 500;

export const MODERATION_TEXT = {
  reasonRequired: translatable("Give a reason: the owner will see it."),
  reasonTooLong: translatable("Keep the reason under 500 characters."),
  invalidTarget: translatable("Choose a listing, an account or a review first."),
} as const;

const TAKES_DOWN: ReadonlySet<ModerationIntent> = new Set(["unpublish_listing", "suspend_user", "hide_guest_review"]);

export function needsReason(intent: ModerationIntent): boolean {
  return TAKES_DOWN.has(intent);
}

export const moderationSchema = z
  .object({
    intent: z.enum(MODERATION_INTENTS),
    targetId: z.string().trim().regex(UUID_PATTERN, MODERATION_TEXT.invalidTarget),
    reason: z.string().trim().max(REASON_MAX, MODERATION_TEXT.reasonTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    if (needsReason(value.intent) && value.reason.length < 3) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: MODERATION_TEXT.reasonRequired });
    }
  });

export type ModerationInput = z.output<typeof moderationSchema>;
export type ModerationField = keyof z.input<typeof moderationSchema>;
