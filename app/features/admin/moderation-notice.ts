import { moderationText } from "~/features/hosting/listing-texts";
import { english, type Translate } from "~/features/i18n/translate";
import { ERROR_TEXT } from "~/lib/messages";

/**
 * What the owner of a moderated listing reads (ADR 0151), on /my-listings, the edit
 * page and when they try to publish it. Pure: the pages and the server share it. The
 * texts live in the hosting catalog (`moderationText`); pass a translator (the page's
 * `_`, or the request's on the server) for the owner's language, English without one.
 */
export type ModerationNotice = { moderationState: "unpublished" | "owner_suspended" | null; moderationReason: string | null };

export const MODERATED_PUBLISH_REFUSED = ERROR_TEXT.moderatedPublishRefused;

export function moderationNotice(space: ModerationNotice, _: Translate = english): string | null {
  return moderationText(_, space);
}
