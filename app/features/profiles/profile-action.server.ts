import { translatable } from "~/features/i18n/translatable";
import { firstErrors, parseForm, type FieldErrors } from "~/lib/forms";
import type { Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT, PROFILE_TEXT } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import {
  moveLinkSchema,
  PROFILE_INTENTS,
  profileDetailsSchema,
  profileLinkSchema,
  profilePostSchema,
  type ProfileIntent,
} from "./profile-form";
import { addLink, addPost, deleteLink, deletePost, moveLink, ProfileLimitError, updatePost, updateProfileDetails } from "./profile.server";

/**
 * The /profile action (docs/product.md#profile): one form post with an `intent`. Every
 * answer names its intent, so each section of the page shows only its own outcome.
 * Bad input: field errors, 400, nothing stored. Someone else's (or no) link or post id:
 * 404, nothing changed. A failure of ours: the product's text for that action, 503.
 */
export type ProfileActionResult =
  | { intent: ProfileIntent; ok: true; status: 200; message?: string }
  | { intent: ProfileIntent | null; ok: false; status: 400 | 404 | 503; fieldErrors: FieldErrors; formError?: string };

const FAILURE_TEXT: Record<ProfileIntent, string> = {
  profile: ERROR_TEXT.updateProfile,
  "add-link": ERROR_TEXT.addLink,
  "delete-link": ERROR_TEXT.deleteLink,
  "move-link": ERROR_TEXT.moveLink,
  "add-post": ERROR_TEXT.addUpdate,
  "update-post": ERROR_TEXT.update,
  "delete-post": ERROR_TEXT.deleteUpdate,
};

const invalid = (intent: ProfileIntent | null, fieldErrors: FieldErrors, formError?: string) =>
  ({ intent, ok: false, status: 400, fieldErrors, formError }) as const;
const notFound = (intent: ProfileIntent, what: "link" | "post") =>
  ({ intent, ok: false, status: 404, fieldErrors: {}, formError: what === "link" ? PROFILE_TEXT.linkNotFound : PROFILE_TEXT.postNotFound }) as const;
const done = (intent: ProfileIntent, message?: string) => ({ intent, ok: true, status: 200, message }) as const;

function isIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (PROFILE_INTENTS as readonly string[]).includes(value);
}

/** The id of the link or post an intent acts on; null when missing or not a UUID. */
function targetId(form: FormData) {
  const id = form.get("id");
  return isUuid(id) ? id.toLowerCase() : null;
}

async function run(db: Db, userId: string, intent: ProfileIntent, form: FormData, now: Date): Promise<ProfileActionResult> {
  switch (intent) {
    case "profile": {
      const parsed = parseForm(profileDetailsSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      await updateProfileDetails(db, userId, parsed.data);
      return done(intent, PROFILE_TEXT.updated);
    }
    case "add-link": {
      const parsed = parseForm(profileLinkSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      await addLink(db, userId, parsed.data, now);
      return done(intent);
    }
    case "delete-link": {
      const id = targetId(form);
      return id && (await deleteLink(db, userId, id)) ? done(intent) : notFound(intent, "link");
    }
    case "move-link": {
      const parsed = moveLinkSchema.safeParse({ id: form.get("id"), direction: form.get("direction") });
      if (!parsed.success) return invalid(intent, firstErrors(parsed.error));
      const id = targetId(form);
      return id && (await moveLink(db, userId, id, parsed.data.direction)) ? done(intent) : notFound(intent, "link");
    }
    case "add-post": {
      const parsed = parseForm(profilePostSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      await addPost(db, userId, parsed.data, now);
      return done(intent);
    }
    case "update-post": {
      const id = targetId(form);
      if (!id) return notFound(intent, "post");
      const parsed = parseForm(profilePostSchema, form);
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors);
      return (await updatePost(db, userId, id, parsed.data, now)) ? done(intent) : notFound(intent, "post");
    }
    case "delete-post": {
      const id = targetId(form);
      return id && (await deletePost(db, userId, id)) ? done(intent) : notFound(intent, "post");
    }
  }
}

export async function handleProfileAction(db: Db, userId: string, form: FormData, now: Date): Promise<ProfileActionResult> {
  const intent = form.get("intent");
  if (!isIntent(intent)) return invalid(null, {}, translatable("Unknown action."));
  try {
    return await run(db, userId, intent, form, now);
  } catch (error) {
    if (error instanceof ProfileLimitError) return invalid(intent, {}, error.message);
    logger.error({ reason: "profile-action-failed", intent, err: error instanceof Error ? error.message : String(error) }, "profile change failed");
    return { intent, ok: false, status: 503, fieldErrors: {}, formError: FAILURE_TEXT[intent] };
  }
}
