import type { Db } from "~/lib/db.server";
import { takeFormSlot } from "../form-rate-limits.server";
import { english, type Translate } from "~/features/i18n/translate";
import { parseForm } from "~/lib/forms";
import { CONTACT_LIMITS, contactSchema, type ContactFieldErrors, type ContactInput } from "./contact-schema";
import { findRecentDuplicate, saveContactMessage } from "./save-contact-message.server";

/** Requests larger than this are refused before parsing (the form's fields are far smaller). */
export const CONTACT_MAX_BODY_BYTES = 64 * 1024;

/** What the visitor sent, repeated in the confirmation (as text: React escapes any HTML). */
type SentMessage = { name: string; subject: ContactInput["subject"]; body: string };

export type ContactActionResult =
  | ({ status: "sent" } & SentMessage)
  /** The same message from the same address arrived within 24 hours: not stored again. */
  | ({ status: "already-sent" } & SentMessage)
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: Partial<Record<keyof ContactInput, string>> }
  | { status: "rate-limited"; message: string };

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Validates and stores a contact-form submission; every outcome is data, never a throw. */
export async function handleContactForm(db: Db, form: FormData, ip: string, say: Translate = english): Promise<ContactActionResult> {
  const values = {
    name: field(form, "name").slice(0, CONTACT_LIMITS.name * 2),
    email: field(form, "email").slice(0, CONTACT_LIMITS.email * 2),
    subject: field(form, "subject"),
    message: field(form, "message"),
  };
  const parsed = parseForm(contactSchema, values);
  if (!parsed.ok) {
    return { status: "invalid", fieldErrors: parsed.fieldErrors, values: { ...values, message: values.message.slice(0, CONTACT_LIMITS.message * 2) } };
  }
  const sent: SentMessage = { name: parsed.data.name, subject: parsed.data.subject, body: parsed.data.message };
  // A repeat (refresh, double submit) is answered before the rate limit, so it neither counts nor is refused.
  if (await findRecentDuplicate(db, parsed.data)) return { status: "already-sent", ...sent };
  const slot = await takeFormSlot(db, "contact", ip, say);
  if (!slot.ok) return { status: "rate-limited", message: slot.message };
  const saved = await saveContactMessage(db, { ...parsed.data, ip });
  return { status: saved.duplicate ? "already-sent" : "sent", ...sent };
}
