import { data } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { translatable } from "~/features/i18n/translatable";
import { savePreferredLanguage } from "~/features/auth/preferred-language.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { NOTIFICATION_ARRAY_FIELDS, notificationSettingsSchema } from "~/features/mail/notification-settings-schema";
import { getEnabledEmailKinds, setEnabledEmailKinds } from "~/features/mail/preferences.server";
import type { OptionalEmailKind } from "~/features/mail/email-kinds";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import type { Route } from "./+types/api.notification-settings";

/** `language`: the member's saved language (ADR 0296), English when none is saved. */
const SIGN_IN_FIRST = translatable("Sign in to change your notification settings.");

export type NotificationSettingsData = { enabled: OptionalEmailKind[]; language: Locale; saved: boolean; error: string | null };

/** GET: the signed-in user's notification settings (the /profile section loads them). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data<NotificationSettingsData>({ enabled: [], language: DEFAULT_LOCALE, saved: false, error: SIGN_IN_FIRST }, { status: 401 });
  return data<NotificationSettingsData>({ enabled: await getEnabledEmailKinds(await getDb(), user.id), language: user.preferredLanguage ?? DEFAULT_LOCALE, saved: false, error: null });
}

/** POST enabled=<kind>…&language=<lang>: saves which optional e-mails the user gets (receipts always go out; ADR 0172) and the language they are written in (ADR 0296). */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data<NotificationSettingsData>({ enabled: [], language: DEFAULT_LOCALE, saved: false, error: SIGN_IN_FIRST }, { status: 401 });
  const language = user.preferredLanguage ?? DEFAULT_LOCALE;
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  const parsed = body.ok ? parseForm(notificationSettingsSchema, body.form, { arrayFields: NOTIFICATION_ARRAY_FIELDS }) : null;
  const db = await getDb();
  if (!parsed?.ok) {
    return data<NotificationSettingsData>({ enabled: await getEnabledEmailKinds(db, user.id), language, saved: false, error: ERROR_TEXT.saveNotificationSettings }, { status: 400 });
  }
  try {
    await setEnabledEmailKinds(db, user.id, parsed.data.enabled, requestNow(request));
    if (parsed.data.language) await savePreferredLanguage(db, user.id, parsed.data.language);
    return data<NotificationSettingsData>({ enabled: await getEnabledEmailKinds(db, user.id), language: parsed.data.language ?? language, saved: true, error: null });
  } catch (error) {
    logger.error({ err: error }, "saving notification settings failed");
    return data<NotificationSettingsData>({ enabled: parsed.data.enabled, language, saved: false, error: ERROR_TEXT.saveNotificationSettings }, { status: 500 });
  }
}
