import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageMenu } from "~/features/i18n/components/language-menu";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { FOOTER_GROUPS, SOCIAL_LINKS } from "../navigation";
import { Logo } from "./logo";

type FooterWords = (typeof FOOTER_GROUPS)[number]["title"] | (typeof FOOTER_GROUPS)[number]["links"][number]["label"];

/** The footer's group titles and links in the page's language (ADR 0293); every one of FOOTER_GROUPS has one. */
export const FOOTER_MESSAGES: Record<FooterWords, MessageDescriptor> = {
  Company: msg`Company`,
  About: msg`About`,
  Careers: msg`Careers`,
  Press: msg`Press`,
  Blog: msg`Blog`,
  Support: msg`Support`,
  "Help Center": msg`Help Center`,
  Safety: msg`Safety`,
  "Cancellation Policy": msg`Cancellation Policy`,
  "COVID-19 Response": msg`COVID-19 Response`,
  Legal: msg`Legal`,
  "Privacy Policy": msg`Privacy Policy`,
  "Terms of Service": msg`Terms of Service`,
  Sitemap: msg`Sitemap`,
};

/** docs/product.md#footer: company, support and legal links, social links, newsletter slot. */
export function SiteFooter({ newsletter, currencyMenu }: { newsletter?: ReactNode; currencyMenu?: ReactNode }) {
  const _ = useTranslate();
  // The year in the page's language's digits (Intl), without a grouping separator.
  const year = new Intl.NumberFormat(useLocale(), { useGrouping: false }).format(new Date().getFullYear());
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 pb-24 md:pb-0">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-5">
        <div className="col-span-2 sm:col-span-3 md:col-span-2">
          <Logo />
          <p className="mt-3 max-w-sm text-sm text-slate-600">
            {_(msg`Global Online Rental Platform. Rent spaces, vehicles, equipment, services and experiences by the hour, day, week or month.`)}
          </p>
          {newsletter && <div className="mt-6">{newsletter}</div>}
          <div className="mt-6">
            <LanguageMenu />
          </div>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={_(FOOTER_MESSAGES[group.title])}>
            <h2 className="text-sm font-semibold text-slate-900">{_(FOOTER_MESSAGES[group.title])}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-slate-600 hover:text-slate-900 hover:underline">
                    {_(FOOTER_MESSAGES[link.label])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{_(msg`© ${year} Rentwell, Inc. · Tampa, Florida`)}</p>
          {/* The display currency (issue #31 point 4). */}
          {currencyMenu}
          <ul className="flex flex-wrap gap-4" aria-label={_(msg`Social media`)}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer" target="_blank" className="hover:text-slate-900 hover:underline">
                  {link.label}
                  <span className="sr-only"> {_(msg`(opens in a new tab)`)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
