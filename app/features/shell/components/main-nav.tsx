import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { BookOpen, Compass, Home, Info, Lightbulb, Mail, PlusCircle } from "lucide-react";
import { NavLink } from "react-router";
import { MAIN_NAV } from "../navigation";
import { useTranslate } from "~/features/i18n/use-translate";
import { buttonVariants } from "~/ui/button";
import { layer } from "~/ui/layers";

const ICONS = {
  "/": Home,
  "/how-it-works": Lightbulb,
  "/explore": Compass,
  "/blog": BookOpen,
  "/about": Info,
  "/contact": Mail,
} as const;

/** The main navigation's words in the page's language (ADR 0293); every label of MAIN_NAV has one. */
export const MAIN_NAV_MESSAGES: Record<(typeof MAIN_NAV)[number]["label"], MessageDescriptor> = {
  Home: msg`Home`,
  "How it works": msg`How it works`,
  Explore: msg`Explore`,
  Blog: msg`Blog`,
  About: msg`About`,
  Contact: msg`Contact`,
};

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "text-brand-700 font-semibold" : "text-slate-600 hover:text-slate-900";
}

/**
 * docs/product.md#navigation, wide screens: an inline bar in the header; the active
 * link is highlighted; 'List for FREE' only when signed in.
 */
export function InlineNav({ signedIn }: { signedIn: boolean }) {
  const _ = useTranslate();
  return (
    <nav aria-label={_(msg`Main`)} className="hidden md:block">
        <ul className="flex items-center gap-6 text-sm">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={(state) => `${navClass(state)} rounded-md px-1 py-2 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`}
              >
                {_(MAIN_NAV_MESSAGES[item.label])}
              </NavLink>
            </li>
          ))}
          {signedIn && (
            <li>
              <NavLink
                to="/create-listing"
                className={buttonVariants({ size: "md", className: "rounded-full py-2" })}
              >
                {_(msg`List for FREE`)}
              </NavLink>
            </li>
          )}
        </ul>
    </nav>
  );
}

/**
 * docs/product.md#navigation, small screens: a bottom bar ('List FREE' only when
 * signed in). Rendered outside the header so that it is fixed to the viewport.
 */
export function BottomNav({ signedIn }: { signedIn: boolean }) {
  const _ = useTranslate();
  return (
      <nav
        aria-label={_(msg`Main`)}
        className={`fixed inset-x-0 bottom-0 ${layer.header} border-t border-slate-200 bg-white/95 backdrop-blur md:hidden`}
      >
        <ul className="mx-auto flex max-w-lg items-stretch justify-between px-1 pb-[env(safe-area-inset-bottom)]">
          {MAIN_NAV.map((item) => {
            const Icon = ICONS[item.to];
            return (
              <li key={item.to} className="flex-1">
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={(state) => `${navClass(state)} flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px]`}
                >
                  <Icon className="h-5 w-5" aria-hidden="true" />
                  <span className="text-center leading-tight">{_(MAIN_NAV_MESSAGES[item.label])}</span>
                </NavLink>
              </li>
            );
          })}
          {signedIn && (
            <li className="flex-1">
              <NavLink
                to="/create-listing"
                className={(state) => `${navClass(state)} flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px]`}
              >
                <PlusCircle className="h-5 w-5" aria-hidden="true" />
                <span>{_(msg`List FREE`)}</span>
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
  );
}
