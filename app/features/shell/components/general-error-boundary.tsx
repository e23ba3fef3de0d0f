import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "react-router";
import { buttonVariants } from "~/ui/button";
import { useTranslate } from "~/features/i18n/use-translate";

/** docs/product.md#app-error: the whole app sits in this error boundary. */
export function SomethingWentWrong() {
  const _ = useTranslate();
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{_(msg`Something went wrong`)}</h1>
      <p className="mt-4 text-slate-600">{_(msg`We're sorry, but something went wrong. Please try refreshing the page.`)}</p>
      <button type="button" onClick={() => window.location.reload()} className={buttonVariants({ className: "mt-8" })}>
        {_(msg`Refresh Page`)}
      </button>
    </section>
  );
}

/**
 * A full-page message for an error status: a heading, a sentence and links onwards. A title
 * or text marked `translatable()` (NOT_FOUND_TEXT, ERROR_TEXT) shows in the page's language.
 */
export function ErrorPage({ eyebrow, title, text, actions }: { eyebrow?: string; title: string; text: ReactNode; actions?: ReactNode }) {
  const _ = useTranslate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {eyebrow && <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h1 className="text-3xl font-bold text-slate-900">{_(title)}</h1>
      <p className="mt-4 text-slate-600">{typeof text === "string" ? _(text) : text}</p>
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}

/** A route's own 404: its title and text, and one link onward (the space, city, blog and location pages). */
export function NotFoundPage({ title, text, link }: { title: string; text: ReactNode; link: { to: string; label: string } }) {
  const _ = useTranslate();
  return (
    <ErrorPage
      title={title}
      text={text}
      actions={
        <Link to={link.to} className={buttonVariants()}>
          {_(link.label)}
        </Link>
      }
    />
  );
}

export function PageNotFound() {
  const _ = useTranslate();
  return (
    <ErrorPage
      eyebrow="404"
      title={_(msg`Page not found`)}
      text={_(msg`The page you are looking for does not exist or has moved.`)}
      actions={
        <>
          <Link to="/" className={buttonVariants()}>
            {_(msg`Go to the home page`)}
          </Link>
          <Link to="/explore" className={buttonVariants({ variant: "secondary" })}>
            {_(msg`Explore listings`)}
          </Link>
        </>
      }
    />
  );
}

type StatusHandler = (error: ErrorResponse) => ReactNode;

/** What each status shows unless the route says otherwise. 5xx and thrown errors: 'Something went wrong'. */
const DEFAULT_STATUS_HANDLERS: Record<number, StatusHandler> = {
  400: () => <StatusPage status={400} />,
  401: () => <StatusPage status={401} />,
  403: () => <StatusPage status={403} />,
  404: () => <PageNotFound />,
  429: () => <StatusPage status={429} />,
};

/** The default page of a 4xx status other than 404, in the page's language. */
function StatusPage({ status }: { status: 400 | 401 | 403 | 429 }) {
  const _ = useTranslate();
  const [title, text] = {
    400: [msg`Bad request`, msg`We could not understand that request. Check the address and try again.`],
    401: [msg`Please sign in`, msg`Sign in to see this page.`],
    403: [msg`Access denied`, msg`You do not have permission to see this page.`],
    429: [msg`Too many requests`, msg`Please wait a moment, then try again.`],
  }[status] as [MessageDescriptor, MessageDescriptor];
  return <ErrorPage eyebrow={String(status)} title={_(title)} text={_(text)} actions={<HomeLink />} />;
}

function HomeLink() {
  const _ = useTranslate();
  return (
    <Link to="/" className={buttonVariants()}>
      {_(msg`Go to the home page`)}
    </Link>
  );
}

/**
 * The one error boundary (docs/decisions/0061-error-path.md). Every route's
 * `ErrorBoundary` is this, optionally with its own text for some statuses:
 *
 *   export function ErrorBoundary() {
 *     return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage title="Post Not Found" … /> }} />;
 *   }
 *
 * A thrown response with a status shows that status's page; anything else (a bug,
 * a 5xx) is logged and shows the app-error text 'Something went wrong' (docs/product.md#app-error).
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  unexpectedError,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  /** What the route shows for a bug or a 5xx instead of 'Something went wrong' (e.g. 'Failed to fetch spaces'). */
  unexpectedError?: () => ReactNode;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status] ?? DEFAULT_STATUS_HANDLERS[error.status];
    if (handler) return <>{handler(error)}</>;
  }
  // On the server, entry.server.tsx's handleError has logged it (one structured line).
  if (typeof document !== "undefined") console.error(error);
  return <>{unexpectedError ? unexpectedError() : <SomethingWentWrong />}</>;
}
