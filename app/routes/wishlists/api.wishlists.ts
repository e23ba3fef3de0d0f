import { data, redirect } from "react-router";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { getUser } from "~/features/auth/session.server";
import { WISHLIST_TEXT } from "~/features/wishlists/wishlist-rules";
import {
  createWishlist,
  listsForSpace,
  removeFromWishlist,
  savedSpaceIds,
  saveToWishlist,
} from "~/features/wishlists/wishlists.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import {
  bodyTooLargeResponse,
  readFormWithLimit,
  SMALL_FORM_BYTES,
} from "~/lib/read-body.server";
import type { Route } from "./+types/api.wishlists";

/**
 * The heart's endpoint (issue #27 point 5, docs/decisions/0230-wishlists.md).
 *
 * GET: the signed-in guest's saved listing ids (`savedIds`), or with `?spaceId=` their
 * lists and whether each holds that listing. Signed out: `signedIn: false` and nothing else.
 *
 * POST `intent=save|remove|create`, `spaceId`, optional `wishlistId`, `name` (create),
 * `returnTo`. A fetch asking for JSON gets JSON (401 signed out, 400/404/409 with the
 * reason); a plain form post (no JavaScript) goes back to `returnTo` with a toast.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return data({ signedIn: false as const }, { headers });
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  const db = await getDb();
  if (spaceId) {
    const lists = await listsForSpace(db, user.id, spaceId);
    return data(
      {
        signedIn: true as const,
        lists: lists.map(({ id, name, isDefault, count, saved }) => ({
          id,
          name,
          isDefault,
          count,
          saved,
        })),
      },
      { headers },
    );
  }
  return data(
    { signedIn: true as const, savedIds: await savedSpaceIds(db, user.id) },
    { headers },
  );
}

/** A same-site path to go back to (never another site). */
function returnPath(value: FormDataEntryValue | null): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\") ||
    value.length > 2000
  )
    return "/wishlists";
  return value;
}

function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
}

export async function action({ request }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes(
    "application/json",
  );
  const user = await getUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok)
    return bodyTooLargeResponse({ ok: false, error: ERROR_TEXT.generic });
  const back = returnPath(body.form.get("returnTo"));
  // Every answer in the visitor's language (ADR 0294): the heart shows them as they come.
  const i18n = await requestI18n(request);
  const _ = (text: Parameters<typeof translate>[1]) => translate(i18n, text);
  if (!user) {
    if (wantsJson)
      return data(
        { ok: false as const, error: _(WISHLIST_TEXT.signInToSave) },
        { status: 401 },
      );
    return redirectWithToast(back, {
      tone: "info",
      message: _(WISHLIST_TEXT.signInToSave),
    });
  }
  const spaceId = field(body.form, "spaceId") ?? "";
  const wishlistId = field(body.form, "wishlistId") || null;
  const now = requestNow(request);
  try {
    const db = await getDb();
    const intent = field(body.form, "intent");
    let answer:
      | { ok: true; message: string; wishlistId?: string }
      | { ok: false; status: number; error: string; field?: string };
    if (intent === "save") {
      const saved = await saveToWishlist(db, {
        userId: user.id,
        spaceId,
        wishlistId,
        now,
      });
      answer = saved.ok
        ? {
            ok: true,
            message: WISHLIST_TEXT.saved(saved.name, _),
            wishlistId: saved.wishlistId,
          }
        : saved;
    } else if (intent === "remove") {
      const removed = await removeFromWishlist(db, {
        userId: user.id,
        spaceId,
        wishlistId,
      });
      answer = removed.ok
        ? {
            ok: true,
            message: removed.name
              ? WISHLIST_TEXT.removed(removed.name, _)
              : _(translatable("Removed from your wishlists")),
          }
        : removed;
    } else if (intent === "create") {
      const created = await createWishlist(db, {
        userId: user.id,
        name: body.form.get("name"),
        spaceId: spaceId || null,
        now,
        language: _,
      });
      answer = created.ok
        ? {
            ok: true,
            message: spaceId
              ? WISHLIST_TEXT.saved(created.name, _)
              : WISHLIST_TEXT.created(created.name, _),
            wishlistId: created.id,
          }
        : created;
    } else {
      answer = {
        ok: false,
        status: 400,
        error: translatable("Unknown action."),
      };
    }
    if (wantsJson)
      return answer.ok
        ? data(answer)
        : data(
            {
              ok: false as const,
              error: _(answer.error),
              field: answer.field ?? null,
            },
            { status: answer.status },
          );
    return redirectWithToast(
      back,
      answer.ok
        ? { tone: "success", message: answer.message }
        : { tone: "error", message: _(answer.error) },
    );
  } catch (error) {
    logger.error({ err: error }, "wishlist change failed");
    if (wantsJson)
      return data(
        { ok: false as const, error: _(ERROR_TEXT.generic) },
        { status: 500 },
      );
    return redirect(back);
  }
}
