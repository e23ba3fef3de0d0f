import { z } from "~/lib/zod";
import { LOCALES } from "~/lib/locales";
import { OPTIONAL_EMAIL_KINDS } from "./email-kinds";

/**
 * The notification settings form: the optional kinds left switched on (ADR 0172), and the
 * language Rentwell writes to the member in (ADR 0296; absent: unchanged).
 */
export const notificationSettingsSchema = z.object({
  enabled: z.array(z.enum(OPTIONAL_EMAIL_KINDS)).max(OPTIONAL_EMAIL_KINDS.length),
  language: z.enum(LOCALES).optional(),
});

export const NOTIFICATION_ARRAY_FIELDS = ["enabled"] as const;
