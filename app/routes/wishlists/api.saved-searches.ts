import { data, redirect } from "react-router";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { getUser } from "~/features/auth/session.server";
import { saveSearch } from "~/features/wishlists/saved-searches.server";
import { SAVED_SEARCH_TEXT } from "~/features/wishlists/wishlist-text";
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
import type { Route } from "./+types/api.saved-searches";

/**
 * POST `query` (explore's query string, as in the address bar): saves the search for
 * alerts (issue #27 point 6, ADR 0231). JSON for a fetch asking for it; a plain form
 * post goes back to the same search on /explore with a toast.
 */
export async function action({ request }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes(
    "application/json",
  );
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok)
    return bodyTooLargeResponse({ ok: false, error: ERROR_TEXT.generic });
  const query = body.form.get("query");
  const back =
    typeof query === "string" && query.length <= 4000
      ? `/explore${query.startsWith("?") || query === "" ? query : `?${query}`}`
      : "/explore";
  const user = await getUser(request);
  // Every answer in the visitor's language (ADR 0294).
  const i18n = await requestI18n(request);
  const _ = (text: string) => translate(i18n, text);
  if (!user) {
    if (wantsJson)
      return data(
        { ok: false as const, error: _(SAVED_SEARCH_TEXT.signIn) },
        { status: 401 },
      );
    return redirectWithToast(back, {
      tone: "info",
      message: _(SAVED_SEARCH_TEXT.signIn),
    });
  }
  try {
    const saved = await saveSearch(await getDb(), {
      userId: user.id,
      query,
      now: requestNow(request),
    });
    if (wantsJson)
      return saved.ok
        ? data({
            ok: true as const,
            message: _(SAVED_SEARCH_TEXT.saved),
            label: saved.label,
          })
        : data(
            { ok: false as const, error: _(saved.error) },
            { status: saved.status },
          );
    return redirectWithToast(
      back,
      saved.ok
        ? { tone: "success", message: _(SAVED_SEARCH_TEXT.saved) }
        : { tone: "error", message: _(saved.error) },
    );
  } catch (error) {
    logger.error({ err: error }, "save search failed");
    if (wantsJson)
      return data(
        { ok: false as const, error: _(ERROR_TEXT.generic) },
        { status: 500 },
      );
    return redirect(back);
  }
}

export function loader() {
  return data({ error: "Method not allowed." }, { status: 405 });
}
