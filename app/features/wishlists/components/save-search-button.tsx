import { msg } from "@lingui/core/macro";
import { Bell } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { useContext, useState, type FormEvent } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { ERROR_TEXT } from "~/lib/messages";
import { buttonVariants } from "~/ui/button";
import { SAVED_SEARCH_TEXT } from "../wishlist-text";

/**
 * /explore's 'Save search' (issue #27 point 6, ADR 0231): saves the address bar's query
 * string for e-mail alerts. A plain form post without JavaScript (back to the same search
 * with a toast); with it, the answer shows beside the button. Signed out: the sign-in dialog.
 */
export function SaveSearchButton() {
  const location = useLocation();
  const root = useRouteLoaderData("root") as
    { user?: { id: string } | null } | undefined;
  const authDialog = useContext(AuthDialogContext);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const _ = useTranslate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!root?.user) {
      setStatus({ ok: false, text: SAVED_SEARCH_TEXT.signIn });
      authDialog?.openSignIn("signin");
      return;
    }
    setBusy(true);
    try {
      const response = await fetch("/api/saved-searches", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ query: location.search }),
        credentials: "same-origin",
      });
      const body = (await response.json().catch(() => null)) as {
        ok?: boolean;
        message?: string;
        error?: string;
      } | null;
      setStatus(
        body?.ok
          ? { ok: true, text: body.message ?? SAVED_SEARCH_TEXT.saved }
          : { ok: false, text: body?.error ?? ERROR_TEXT.generic },
      );
    } catch {
      setStatus({ ok: false, text: ERROR_TEXT.generic });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action="/api/saved-searches"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="query" value={location.search} />
      <button
        type="submit"
        disabled={busy}
        className={buttonVariants({
          variant: "outline",
          size: "sm",
          className: "gap-1.5",
        })}
      >
        <Bell className="size-4" aria-hidden="true" />
        {_(msg`Save search`)}
      </button>
      <span
        role="status"
        className={
          status?.ok === false
            ? "text-sm text-red-700"
            : "text-sm text-emerald-800"
        }
      >
        {status ? _(status.text) : ""}
      </span>
    </form>
  );
}
