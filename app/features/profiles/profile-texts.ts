import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/**
 * The /profile forms' messages built from a field's label and a limit (profile-form.ts:
 * `${label} must be at most ${max} characters`), which translatable() cannot hold (ADR
 * 0294). The schemas keep their English strings (the action answers and tests use them);
 * the forms show each one through `profileErrorText`, which finds its pattern and writes
 * it again in the page's language, as the listing editor does (hosting/listing-texts.ts).
 */

import type { Translate } from "~/features/i18n/translate";

/** The schemas' field labels (social networks are brand names and stay as they are). */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  "Full name": msg`Full name`,
  Bio: msg`Bio`,
  Website: msg`Website`,
  Location: msg`Location`,
  Title: msg`Title`,
  URL: msg`URL`,
  Content: msg`Content`,
};

const NETWORKS = new Set(["Instagram", "Twitter", "Facebook", "LinkedIn", "YouTube", "TikTok"]);

const PATTERNS: Array<[RegExp, (_: Translate, label: string, value: string) => string]> = [
  [/^(.+) is required$/, (_, label) => _(msg`${label} is required`)],
  [/^(.+) must be text$/, (_, label) => _(msg`${label} must be text`)],
  [/^(.+) must be at most ([\d,]+) characters$/, (_, label, max) => _(msg`${label} must be at most ${max} characters`)],
  [/^(.+) must be a web address starting with http:\/\/ or https:\/\/$/, (_, label) => _(msg`${label} must be a web address starting with http:// or https://`)],
];

const SOCIAL = /^Enter a (.+) handle \(like @name\) or a (\S+) link$/;

/**
 * A /profile form error in the page's language: a marked text through `_`, a message of
 * the schemas' patterns written again with its translated label, anything else (and
 * English) unchanged.
 */
export function profileErrorText(_: Translate, locale: string, text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  if (locale === "en") return text;
  const direct = _(text);
  if (direct !== text) return direct;
  const social = SOCIAL.exec(text);
  if (social) {
    const network = social[1]!;
    const host = social[2]!;
    return _(msg`Enter a ${network} handle (like @name) or a ${host} link`);
  }
  for (const [pattern, write] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const name = match[1]!;
    const label = FIELD_LABELS[name];
    if (label) return write(_, _(label), match[2] ?? "");
    if (NETWORKS.has(name)) return write(_, name, match[2] ?? "");
  }
  return text;
}

/** `profileErrorText` in the current language. */
export function useProfileErrorText(): (text: string | undefined | null) => string | undefined {
  const _ = useTranslate();
  const locale = useLocale();
  return (text) => profileErrorText(_, locale, text);
}
