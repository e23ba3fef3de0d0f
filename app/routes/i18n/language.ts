import { redirect } from "react-router";
import { isLocale, LANGUAGE_COOKIE, localizedPath } from "~/lib/locales";
import { notFound } from "~/lib/http";
import { getUser } from "~/features/auth/session.server";
import { savePreferredLanguage } from "~/features/auth/preferred-language.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/language";

const A_YEAR = 60 * 60 * 24 * 365;

/**
 * The language menu's links (ADR 0293): /language/es?next=/explore saves Spanish in the
 * `lang` cookie and answers with the same page in Spanish (/es/explore). `next` must be a
 * path of this site; anything else goes home. The account menu's form asks /language?lang=es&next=….
 * A signed-in member's choice is also saved to their account (ADR 0296): later visits on any
 * device, and their e-mails, are in it.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  // /language/es from a link, /language?lang=es from the account menu's form on small screens.
  const locale = params.lang ?? new URL(request.url).searchParams.get("lang");
  if (!isLocale(locale)) notFound();
  const next = new URL(request.url).searchParams.get("next") ?? "/";
  const path = next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
  const user = await getUser(request);
  if (user) await savePreferredLanguage(await getDb(), user.id, locale);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(localizedPath(locale, path), {
    status: 303,
    headers: { "Set-Cookie": `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${A_YEAR}; SameSite=Lax${secure}`, "Cache-Control": "no-store" },
  });
}
