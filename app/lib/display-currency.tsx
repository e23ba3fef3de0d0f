import { msg } from "@lingui/core/macro";
import { createContext, useContext, type ReactNode } from "react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { approxText, rateDateText, type RateTable } from "./exchange";
import { formatMinor } from "./money";

/**
 * The guest's chosen display currency and the rates the server allows for it (issue #31
 * point 4, ADR 0292). The root loader reads the choice from its cookie and hands the
 * usable rates down; null when the guest keeps each listing's own currency (the default)
 * or no usable rate is known.
 */
export type DisplayCurrency = { currency: string; rates: RateTable | null } | null;

const DisplayCurrencyContext = createContext<DisplayCurrency>(null);

export function DisplayCurrencyProvider({ value, children }: { value: DisplayCurrency; children: ReactNode }) {
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

export function useDisplayCurrency(): DisplayCurrency {
  return useContext(DisplayCurrencyContext);
}

/** A function giving "about ¥8,400" for an amount in a listing's currency, in the page's language, or null when nothing is to be shown. */
export function useApprox(): (minor: number, currency: string) => string | null {
  const choice = useDisplayCurrency();
  const _ = useTranslate();
  const locale = useLocale();
  return (minor, currency) =>
    approxText(minor, currency, choice?.currency ?? null, choice?.rates ?? null, locale, (amount) => _(msg`about ${amount}`));
}

/**
 * "about ¥8,400" beside a price in the listing's currency; nothing when no estimate is to be shown.
 * `suffix` ("/day", " total") is shown after it, translated when marked `translatable()`.
 */
export function ApproxPrice({ minor, currency, suffix = "", className }: { minor: number; currency: string; suffix?: string; className?: string }) {
  const text = useApprox()(minor, currency);
  const _ = useTranslate();
  if (!text) return null;
  return (
    <span className={className} data-testid="approx-price">
      {text}
      {suffix && _(suffix)}
    </span>
  );
}

/**
 * Checkout's plain statement (issue #31 point 4): what is charged, in the listing's currency,
 * and — when the guest chose another currency — the estimate and the rates' day.
 */
export function ChargeCurrencyNote({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  const choice = useDisplayCurrency();
  const estimate = useApprox()(minor, currency);
  const _ = useTranslate();
  const locale = useLocale();
  const total = formatMinor(minor, currency, locale);
  const date = choice?.rates ? rateDateText(choice.rates.date, locale) : "";
  return (
    <div className={className} data-testid="charge-currency">
      <p className="font-medium text-slate-900">{_(msg`You will be charged ${total} in ${currency}, the listing's currency.`)}</p>
      {estimate && choice?.rates && (
        <p className="text-slate-600">{_(msg`That is ${estimate} at the exchange rates of ${date}; your card issuer's rate may differ.`)}</p>
      )}
    </div>
  );
}
