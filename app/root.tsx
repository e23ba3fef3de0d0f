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
import "./app.css";
import { lazy, Suspense, useState } from "react";
import { AuthDialogProvider, SignInButton } from "~/features/auth/components/auth-dialog-provider";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { FloatingAddButton } from "~/features/shell/components/floating-add-button";
import { BottomNav } from "~/features/shell/components/main-nav";
import { SiteFooter } from "~/features/shell/components/site-footer";
import { SiteHeader } from "~/features/shell/components/site-header";
import { getUser, sessionMiddleware } from "~/features/auth/session.server";
import { originCheckMiddleware } from "~/features/security/origin-check.server";
import { env } from "~/lib/env.server";
import { readToast } from "~/lib/flash.server";
import { Toast } from "~/ui/toast";
import { useNonce } from "~/lib/nonce";

// Only signed-in visitors need the account menu (and its menu primitives): a
// visitor's first load does not carry it. On the server it renders as usual; in
// the browser React keeps that markup until the chunk has loaded.
const UserMenu = lazy(() => import("~/features/auth/components/user-menu").then((module) => ({ default: module.UserMenu })));

// Opened only from the account menu's 'View My Profile': loaded when first opened.
const PublicProfileDialog = lazy(() =>
  import("~/features/profiles/components/public-profile-dialog").then((module) => ({ default: module.PublicProfileDialog })),
);

/** Every request: refuse cross-origin writes, then resolve (and renew) the session. */
export const middleware: Route.MiddlewareFunction[] = [originCheckMiddleware, sessionMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  const settings = env();
  // A flash message left by the last redirect (a saved listing, a failed fetch): shown once.
  const { toast, headers } = await readToast(request);
  // adminEmails: the sign-in dialog shows them with the hint 'Admin account' (spec §2).
  return data(
    { siteUrl: settings.SITE_URL, user: await getUser(request), adminEmails: settings.ADMIN_EMAILS, toast, toastId: toast ? crypto.randomUUID() : null },
    { headers },
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const user = rootData?.user ?? null;
  const signedIn = Boolean(user);
  // 'View My Profile' opens the public profile dialog for this host id (spec §2).
  const [profileDialogHostId, setProfileDialogHostId] = useState<string | null>(null);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d8472" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <AuthDialogProvider adminEmails={rootData?.adminEmails ?? []}>
          <SiteHeader
            signedIn={signedIn}
            account={
              user ? (
                <Suspense fallback={null}>
                  <UserMenu user={user} onViewProfile={() => setProfileDialogHostId(user.id)} />
                </Suspense>
              ) : (
                <SignInButton />
              )
            }
          />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter newsletter={<NewsletterForm source="footer" />} />
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
