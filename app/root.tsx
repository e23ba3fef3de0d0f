import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// The stylesheet is a React 19 stylesheet resource (precedence): React writes it at the
// top of <head>, before the scripts' modulepreloads, so the one file first paint
// waits for is requested first (ADR 0180).
import appStylesheet from "./app.css?url";
import { Suspense, useState } from "react";
import { msg } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { i18nFor, loadAllCatalogs, loadPageCatalogs, translate } from "~/features/i18n/i18n";
import { lazyWithTexts } from "~/features/i18n/lazy-with-texts";
import { DEFAULT_LOCALE, isLocale, textDirection } from "~/lib/locales";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { AuthDialogProvider, SignInButton } from "~/features/auth/components/auth-dialog-provider";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { FloatingAddButton } from "~/features/shell/components/floating-add-button";
import { BottomNav } from "~/features/shell/components/main-nav";
import { SiteFooter } from "~/features/shell/components/site-footer";
import { SiteHeader } from "~/features/shell/components/site-header";
import { EmailVerificationBanner } from "~/features/auth/components/email-verification-banner";
import { unverifiedAddress } from "~/features/auth/email-verification.server";
import { getUser, sessionMiddleware } from "~/features/auth/session.server";
import { countUnreadConversations } from "~/features/messages/messages.server";
import { originCheckMiddleware } from "~/features/security/origin-check.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { env } from "~/lib/env.server";
import { readToast } from "~/lib/flash.server";
import { Toast } from "~/ui/toast";
import { useNonce } from "~/lib/nonce";
import { CurrencyMenu } from "~/features/currency/components/currency-menu";
import { displayCurrencyFor } from "~/features/currency/display-currency.server";
import { DisplayCurrencyProvider } from "~/lib/display-currency";
import { requestNow } from "~/lib/clock.server";
import type { Currency } from "~/db/listing-enums";

// Only signed-in visitors need the account menu (and its menu primitives): a
// visitor's first load does not carry it. On the server it renders as usual; in
// the browser React keeps that markup until the chunk has loaded.
const UserMenu = lazyWithTexts(() => import("~/features/auth/components/user-menu").then((module) => ({ default: module.UserMenu })));

// Opened only from the account menu's 'View My Profile': loaded when first opened.
const PublicProfileDialog = lazyWithTexts(() =>
  import("~/features/profiles/components/public-profile-dialog").then((module) => ({ default: module.PublicProfileDialog })),
);

/** Every request: refuse cross-origin writes, then resolve (and renew) the session. */
export const middleware: Route.MiddlewareFunction[] = [originCheckMiddleware, sessionMiddleware];

/** Before the first client navigation, the rest of the page language's catalogs (ADR 0294): the home page hydrates with `core` only. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async () => {
    await loadPageCatalogs();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const settings = env();
  // A flash message left by the last redirect (a saved listing, a failed fetch): shown once.
  const { toast, headers } = await readToast(request);
  const user = await getUser(request);
  // The page's language (ADRs 0293, 0296): its catalogs, and English's (the fallback), loaded before rendering.
  const locale = localeOfRequest(request, user?.preferredLanguage);
  await loadAllCatalogs(locale);
  // adminEmails: the sign-in dialog shows them with the hint 'Admin account' (docs/product.md#sign-in).
  return data(
    {
      siteUrl: settings.SITE_URL,
      locale,
      user,
      unreadMessages: user ? await unreadMessagesBadge(user.id) : 0,
      // Set while the account's address is not verified: the banner with 'Resend' (ADR 0241).
      unverifiedEmail: user ? await unverifiedAddress(await getDb(), user.id) : null,
      adminEmails: settings.ADMIN_EMAILS,
      // The guest's display currency and the rates usable now (issue #31 point 4, ADR 0292); null without a choice.
      displayCurrency: await displayCurrencyFor(request, getDb, requestNow(request)),
      // Translated here, where every catalog is loaded: a toast from any area reads the same after hydration on `/` (core only).
      toast: toast ? { ...toast, message: translate(i18nFor(locale), toast.message) } : null,
      toastId: toast ? crypto.randomUUID() : null,
    },
    { headers },
  );
}

/** The header's count of conversations with unread messages (one partial-index count); 0 if the database cannot say. */
async function unreadMessagesBadge(userId: string): Promise<number> {
  try {
    return await countUnreadConversations(await getDb(), userId);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "unread messages count unavailable");
    return 0;
  }
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const user = rootData?.user ?? null;
  const signedIn = Boolean(user);
  // 'View My Profile' opens the public profile dialog for this host id (docs/product.md#header).
  const [profileDialogHostId, setProfileDialogHostId] = useState<string | null>(null);
  const locale = isLocale(rootData?.locale) ? rootData.locale : DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const displayCurrency = rootData?.displayCurrency ?? null;
  const chosenCurrency = (displayCurrency?.currency ?? null) as Currency | null;
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d8472" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <I18nProvider i18n={i18n}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {i18n._(msg`Skip to content`)}
        </a>
        <DisplayCurrencyProvider value={displayCurrency}>
        <AuthDialogProvider adminEmails={rootData?.adminEmails ?? []}>
          <SiteHeader
            signedIn={signedIn}
            account={
              user ? (
                <Suspense fallback={null}>
                  <UserMenu
                    user={user}
                    unreadMessages={rootData?.unreadMessages ?? 0}
                    currency={chosenCurrency}
                    onViewProfile={() => setProfileDialogHostId(user.id)}
                  />
                </Suspense>
              ) : (
                <SignInButton />
              )
            }
          />
          {rootData?.unverifiedEmail && <EmailVerificationBanner email={rootData.unverifiedEmail} />}
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter newsletter={<NewsletterForm source="footer" />} currencyMenu={<CurrencyMenu selected={chosenCurrency} />} />
          <BottomNav signedIn={signedIn} />
          {signedIn && <FloatingAddButton />}
          {rootData?.toast && <Toast key={rootData.toastId} toast={rootData.toast} />}
          {profileDialogHostId && (
            <Suspense fallback={null}>
              <PublicProfileDialog
                hostId={profileDialogHostId}
                open
                onOpenChange={(open) => {
                  if (!open) setProfileDialogHostId(null);
                }}
              />
            </Suspense>
          )}
        </AuthDialogProvider>
        </DisplayCurrencyProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
