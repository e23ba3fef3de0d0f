import { msg, plural } from "@lingui/core/macro";
import { translate } from "~/features/i18n/i18n";
import { translatable } from "~/features/i18n/translatable";
import type { MailLanguage } from "./mail-i18n.server";
import { renderEmail, type RenderedEmail } from "./render";

/**
 * E-mails whose sending code lives in other features (identity, the data export, saved
 * searches, the newsletter): their texts are here, in the `server` catalog, in the
 * recipient's language (ADR 0296). English is byte-identical to what those modules wrote.
 */

const there = msg({ message: "there", comment: "Greeting without a name: 'Hi {name},' becomes 'Hi there,'" });

/** The member hears the admin's decision on their identity verification (ADR 0283). */
export function identityDecisionMail(lang: MailLanguage, input: { name: string | null; approved: boolean; reason: string | null; url: string }): RenderedEmail {
  const { t } = lang;
  const name = input.name?.trim() || t(there);
  const greeting = t(msg`Hi ${name},`);
  return input.approved
    ? renderEmail({
        subject: t(msg`Your identity is verified`),
        heading: t(msg`Your identity is verified`),
        paragraphs: [
          greeting,
          t(msg`Your profile, host page and listings now show the 'Verified' badge, and you can book spaces whose hosts accept only verified guests.`),
          t(msg`Your photos have been deleted.`),
        ],
        action: { label: t(msg`See your verification`), url: input.url },
        locale: lang.locale,
      })
    : renderEmail({
        subject: t(msg`Your identity verification was not approved`),
        heading: t(msg`Your identity verification was not approved`),
        paragraphs: [greeting, t(msg`We could not verify your identity from the photos you sent. Your photos have been deleted; you can send new ones at any time.`)],
        details: input.reason ? [{ label: t(msg`Reason`), value: input.reason }] : [],
        action: { label: t(msg`Try again`), url: input.url },
        locale: lang.locale,
      });
}

/**
 * The data export's e-mail. Its English texts are the Security page's (SECURITY_TEXT, in
 * features/account-security/security-form.ts): the same strings are marked here so the server
 * catalog carries them (their id is the text; a test checks they match).
 */
export const DATA_EXPORT_MAIL = {
  subject: translatable("Your Rentwell data is ready"),
  heading: translatable("Your data is ready to download"),
  // prettier-ignore
  body: translatable("The file you asked for holds your profile, listings, bookings, messages, reviews and payouts. The link works for 24 hours, and only when you are signed in to Rentwell."),
  action: translatable("Download my data"),
};

export function dataExportMail(lang: MailLanguage, url: string): RenderedEmail {
  const say = (text: string) => translate(lang.i18n, text);
  return renderEmail({
    subject: say(DATA_EXPORT_MAIL.subject),
    heading: say(DATA_EXPORT_MAIL.heading),
    paragraphs: [say(DATA_EXPORT_MAIL.body)],
    action: { label: say(DATA_EXPORT_MAIL.action), url },
    locale: lang.locale,
  });
}

/** A saved search's daily alert (issue #27): the new matches, at most ten listed. */
export function searchAlertMail(
  lang: MailLanguage,
  input: { label: string; found: Array<{ title: string; location: string; reason: "published" | "cancellation" }>; resultsUrl: string; deleteUrl: string },
): RenderedEmail {
  const { t } = lang;
  const label = input.label;
  const count = input.found.length;
  const first = input.found[0]?.title ?? "";
  const deleteUrl = input.deleteUrl;
  return renderEmail({
    subject: count === 1 ? t(msg`New for your search: ${first}`) : t(msg`${plural(count, { one: "# new match for your search", other: "# new matches for your search" })}`),
    heading: t(msg`New matches for your saved search`),
    paragraphs: [
      count === 1 ? t(msg`Your search ${label} has a new match:`) : t(msg`Your search ${label} has new matches:`),
      ...input.found.slice(0, 10).map(({ title, location, reason }) =>
        reason === "cancellation" ? t(msg`${title} (${location}) — a time came free after a cancellation`) : t(msg`${title} (${location}) — newly listed`),
      ),
      t(msg`We send at most one e-mail a day for each saved search.`),
    ],
    action: { label: t(msg`See the results`), url: input.resultsUrl },
    footer: t(msg`Stop these e-mails and delete this saved search: ${deleteUrl}`),
    locale: lang.locale,
  });
}

/** The newsletter's double opt-in (ADR 0021), in the language of the page it was asked from. */
export function newsletterConfirmMail(lang: MailLanguage, input: { confirmUrl: string; unsubscribeUrl: string }): RenderedEmail {
  const { t } = lang;
  const unsubscribeUrl = input.unsubscribeUrl;
  return renderEmail({
    subject: t(msg`Please confirm your Rentwell newsletter subscription`),
    heading: t(msg`Confirm your subscription`),
    paragraphs: [
      t(msg`Someone — hopefully you — asked to receive the Rentwell newsletter at this address: the best new spaces, host tips and city guides, once or twice a month.`),
      t(msg`Please confirm with the link below. If it was not you, ignore this e-mail and you will hear nothing more from us.`),
    ],
    action: { label: t(msg`Confirm my subscription`), url: input.confirmUrl },
    footer: t(msg`To stop these e-mails: ${unsubscribeUrl}`),
    locale: lang.locale,
  });
}
