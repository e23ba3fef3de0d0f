import { msg } from "@lingui/core/macro";
import { inEnglish, type Translator } from "~/features/listings/translator";
import { ERROR_TEXT } from "~/lib/messages";

/**
 * What the owner of a moderated listing reads (ADR 0151), on /my-listings, the edit
 * page and when they try to publish it. Pure: the pages and the server share it; the
 * pages pass their `_` (useTranslate) so the owner reads it in their language.
 */
export type ModerationNotice = { moderationState: "unpublished" | "owner_suspended" | null; moderationReason: string | null };

export const MODERATED_PUBLISH_REFUSED = ERROR_TEXT.moderatedPublishRefused;

export function moderationNotice(space: ModerationNotice, _: Translator = inEnglish): string | null {
  if (!space.moderationState) return null;
  const reason = space.moderationReason?.trim() || _(msg`no reason given`);
  return space.moderationState === "unpublished"
    ? _(msg`Unpublished by an administrator. Reason: ${reason}`)
    : _(msg`Hidden while this account is suspended. Reason: ${reason}`);
}
