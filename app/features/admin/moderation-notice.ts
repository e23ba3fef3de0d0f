import { ERROR_TEXT } from "~/lib/messages";

/**
 * What the owner of a moderated listing reads (ADR 0151), on /my-listings, the edit
 * page and when they try to publish it. Pure: the pages and the server share it.
 */
export type ModerationNotice = { moderationState: "unpublished" | "owner_suspended" | null; moderationReason: string | null };

export const MODERATED_PUBLISH_REFUSED = ERROR_TEXT.moderatedPublishRefused;

export function moderationNotice(space: ModerationNotice): string | null {
  if (!space.moderationState) return null;
  const reason = space.moderationReason?.trim() || "no reason given";
  return space.moderationState === "unpublished"
    ? `Unpublished by an administrator. Reason: ${reason}`
    : `Hidden while this account is suspended. Reason: ${reason}`;
}
