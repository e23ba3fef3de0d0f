import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { useTranslate } from "~/features/i18n/use-translate";
import { CurrencyMenu } from "~/features/currency/components/currency-menu";
import { currencyChoiceSchema, safeReturnPath } from "~/features/currency/currency-choice";
import { CURRENCY_TEXT, currencyOptionLabel } from "~/features/currency/currency-text";
import { currencyChoiceCookie, readCurrencyChoice } from "~/features/currency/display-currency.server";
import { toastCookie } from "~/lib/flash.server";
import { parseForm, type FormFailure } from "~/lib/forms";
import { bodyTooLargeResponse, readFormWithLimit } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/currency";

/**
 * /currency (issue #31 point 4, ADR 0292): the currency menu's page (the account menu links
 * here) and the action of every currency menu: it keeps the choice in a cookie and goes back
 * to the page the menu was on.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: CURRENCY_TEXT.pageTitle, description: CURRENCY_TEXT.pageIntro, path: "/currency", matches, noIndex: true });

/** A currency code and a return path fit in far less. */
const CURRENCY_MAX_BODY_BYTES = 4 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { selected: await readCurrencyChoice(request), returnTo: safeReturnPath(url.searchParams.get("returnTo")) };
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readFormWithLimit(request, CURRENCY_MAX_BODY_BYTES);
  if (!body.ok) return bodyTooLargeResponse();
  const parsed = parseForm(currencyChoiceSchema, body.form);
  if (!parsed.ok) {
    return data({ ok: false, fieldErrors: parsed.fieldErrors } satisfies FormFailure, { status: 400 });
  }
  const { currency, returnTo } = parsed.data;
  const headers = new Headers();
  headers.append("Set-Cookie", await currencyChoiceCookie(currency));
  // The toast with a value is written in the request's language here; the other is translated where shown.
  const i18n = await requestI18n(request);
  const label = currency ? currencyOptionLabel(currency, (text) => translate(i18n, text)) : "";
  headers.append(
    "Set-Cookie",
    await toastCookie({ tone: "success", message: currency ? translate(i18n, msg`Prices now show an estimate in ${label}.`) : CURRENCY_TEXT.savedOwn }),
  );
  return redirect(safeReturnPath(returnTo), { headers });
}

export default function CurrencyPage({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(CURRENCY_TEXT.pageTitle)}</h1>
      <p className="mt-3 text-slate-600">{_(CURRENCY_TEXT.pageIntro)}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
        <CurrencyMenu variant="page" selected={loaderData.selected} returnTo={loaderData.returnTo} error={actionData?.fieldErrors.currency ?? actionData?.fieldErrors.form} />
      </div>
    </div>
  );
}
