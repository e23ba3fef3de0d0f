import { z } from "~/lib/zod";
import { OPTIONAL_EMAIL_KINDS } from "./email-kinds";

/** The notification settings form: the optional kinds left switched on (ADR 0172). */
export const notificationSettingsSchema = z.object({
  enabled: z.array(z.enum(OPTIONAL_EMAIL_KINDS)).max(OPTIONAL_EMAIL_KINDS.length),
});

export const NOTIFICATION_ARRAY_FIELDS = ["enabled"] as const;
