import { msg } from "@lingui/core/macro";
import { PROTECTION_PERCENT_MAX } from "~/db/schema/admin";
import { z } from "~/lib/zod";
import { english, type Translate } from "~/features/i18n/translate";
import { translatable } from "~/features/i18n/translatable";

/**
 * The platform settings form on /admin (issue #28 point 3, ADR 0286), shared by the browser
 * and the action (docs/decisions/0060-form-pipeline.md): the 'Protection' line item's rate,
 * typed as a percentage with up to two decimals ("8", "12.5") and kept in basis points.
 */
export const SETTINGS_TEXT = {
  heading: translatable("Settings"),
  protectionLabel: translatable("Protection rate (%)"),
  // PROTECTION_PERCENT_MAX / 100 = 50 (translatable() takes a literal).
  protectionHint: translatable(
    "What a guest pays for Protection, as a percentage of the rental (0 to 50, up to two decimals). New checkouts use it; bookings keep the rate they were made at.",
  ),
  protectionInvalid: translatable("Enter a percentage from 0 to 50 with at most two decimals."),
  save: translatable("Save settings"),
  saving: translatable("Saving…"),
  saved: (percent: string, _: Translate = english) => _(msg`Settings saved: Protection is now ${percent} of the rental.`),
  unchanged: translatable("Nothing changed."),
  // Stored in admin_actions.target_label as it is; the log translates it for this action (update_setting).
  logLabel: translatable("Platform settings"),
} as const;

/** "8", "8.5", "12.25" → basis points; anything else (more decimals, a sign, words) is refused. */
export function percentTextToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= PROTECTION_PERCENT_MAX ? basisPoints : null;
}

export const settingsSchema = z.object({
  intent: z.literal("update_settings"),
  protectionPercent: z
    .string({ error: SETTINGS_TEXT.protectionInvalid })
    .transform((value, ctx) => {
      const basisPoints = percentTextToBasisPoints(value);
      if (basisPoints === null) {
        ctx.addIssue({ code: "custom", message: SETTINGS_TEXT.protectionInvalid });
        return z.NEVER;
      }
      return basisPoints;
    }),
});

export type SettingsField = keyof z.input<typeof settingsSchema>;
export type SettingsInput = z.output<typeof settingsSchema>;
