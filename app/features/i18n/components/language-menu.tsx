import { msg } from "@lingui/core/macro";
import { Check } from "lucide-react";
import { useId } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/lib/locales";
import { useLocale, useTranslate } from "../use-translate";

/**
 * Where choosing `locale` on the current page goes: /language/:locale saves the choice
 * and redirects to the same page in that language (ADR 0293). A plain link, so it works
 * before hydration and with the keyboard, and a new document loads the new catalog.
 */
export function languageSwitchHref(locale: Locale, pathname: string, search: string): string {
  return `/language/${locale}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/** The languages as links, each in its own language; the current one marked (footer and account menu). */
export function useLanguageChoices() {
  const location = useLocation();
  const current = useLocale();
  return LOCALES.map((locale) => ({
    locale,
    name: LANGUAGE_NAMES[locale],
    href: languageSwitchHref(locale, location.pathname, location.search),
    /** The current page, as the language route's `next`. */
    next: `${location.pathname}${location.search}`,
    current: locale === current,
  }));
}

/** The footer's language menu: a labelled list of the five languages. */
export function LanguageMenu() {
  const _ = useTranslate();
  const headingId = useId();
  const choices = useLanguageChoices();
  return (
    <nav aria-labelledby={headingId} data-testid="language-menu">
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {_(msg`Language`)}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {choices.map((choice) => (
          <li key={choice.locale}>
            <a
              href={choice.href}
              hrefLang={choice.locale}
              lang={choice.locale}
              rel="nofollow"
              aria-current={choice.current ? "true" : undefined}
              className="inline-flex items-center gap-1 rounded text-slate-600 hover:text-slate-900 hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-slate-900"
            >
              {choice.current && <Check className="h-3.5 w-3.5" aria-hidden="true" />}
              {choice.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
