import { createCookie } from "react-router";
import type { Currency } from "~/db/listing-enums";
import type { Db } from "~/lib/db.server";
import type { DisplayCurrency } from "~/lib/display-currency";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { isCurrency } from "./currency-choice";
import { readDisplayRates } from "./exchange-rates.server";

/**
 * The guest's display currency (issue #31 point 4, ADR 0292), kept in a cookie for a year:
 * a preference, not a secret, so not signed — a value that is not one of CURRENCIES reads as
 * none. No cookie: each listing's own currency, and the page stays shareable by a cache (ADR 0270).
 */
const COOKIE_NAME = "rw_currency";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function currencyCookie() {
  return createCookie(COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/", maxAge: MAX_AGE_SECONDS, secure: env().isProduction });
}

/** The chosen currency, or null (each listing's own). */
export async function readCurrencyChoice(request: Request): Promise<Currency | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return null;
  const value: unknown = await currencyCookie()
    .parse(header)
    .catch(() => null);
  return isCurrency(value) ? value : null;
}

/** The Set-Cookie value keeping `currency`, or clearing the choice for "". */
export async function currencyChoiceCookie(currency: Currency | ""): Promise<string> {
  const cookie = currencyCookie();
  return currency ? cookie.serialize(currency) : cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * What the root loader hands the pages: the choice and the rates usable now. Rates that
 * cannot be read leave the choice without rates (no estimate), never an error page.
 */
export async function displayCurrencyFor(request: Request, db: () => Promise<Db>, now: Date): Promise<DisplayCurrency> {
  const currency = await readCurrencyChoice(request);
  if (!currency) return null;
  try {
    return { currency, rates: await readDisplayRates(await db(), now) };
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "exchange rates unavailable");
    return { currency, rates: null };
  }
}
