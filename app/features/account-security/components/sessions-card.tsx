import { msg } from "@lingui/core/macro";
import type { Translate } from "~/features/i18n/translate";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import { Form, useFetcher } from "react-router";
import { formatDate } from "~/lib/dates";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { SecurityActionResult } from "../security-action.server";
import { SECURITY_TEXT } from "../security-form";
import type { SessionView } from "../sessions.server";
import { useTranslate } from "~/features/i18n/use-translate";

const DEVICE_ICON = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: Monitor } as const;

/** "Chrome 131 on macOS 14.5"; the parts it knows, or "Unknown browser". */
function sessionName(session: SessionView, _: Translate): string {
  const { browser, os } = session;
  if (browser && os) return _(msg`${browser} on ${os}`);
  return browser ?? os ?? _(msg`Unknown browser`);
}

function placeName(country: string | null, locale: string, _: Translate): string {
  if (!country) return _(SECURITY_TEXT.unknownPlace);
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

function when(iso: string, locale: string): string {
  return `${formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
}

function SessionRow({ session, locale }: { session: SessionView; locale: string }) {
  const _ = useTranslate();
  const fetcher = useFetcher<SecurityActionResult>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  const Icon = DEVICE_ICON[session.device];
  const name = sessionName(session, _);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {name}
            {session.current && <Badge tone="success">{_(SECURITY_TEXT.thisDevice)}</Badge>}
          </p>
          <p className="text-sm text-slate-600">
            {placeName(session.country, locale, _)} · {_(SECURITY_TEXT.lastSeen)} {when(session.lastSeenAt, locale)}
          </p>
          <p className="text-xs text-slate-500">
            {_(SECURITY_TEXT.signedIn)} {when(session.signedInAt, locale)}
          </p>
          {failed && (
            <Alert tone="error" className="mt-2 px-3 py-2 text-sm">
              {_(failed)}
            </Alert>
          )}
        </div>
      </div>
      <fetcher.Form method="post" action="/profile/security" className="shrink-0">
        <input type="hidden" name="intent" value="sign-out-session" />
        <input type="hidden" name="id" value={session.id} />
        <Button type="submit" variant="secondary" size="sm" pending={fetcher.state !== "idle"} aria-label={`${_(SECURITY_TEXT.signOut)}: ${name}${session.current ? ` (${_(SECURITY_TEXT.thisDevice)})` : ""}`}>
          {_(SECURITY_TEXT.signOut)}
        </Button>
      </fetcher.Form>
    </li>
  );
}

/** The user's live sessions with 'Sign out' each and 'Sign out everywhere' (issue #29 point 4). */
export function SessionsCard({ sessions, locale }: { sessions: SessionView[]; locale: string }) {
  const _ = useTranslate();
  return (
    <Card>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-xl font-semibold text-slate-900">
          {_(SECURITY_TEXT.sessionsHeading)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{_(SECURITY_TEXT.sessionsIntro)}</p>
        <ul className="mt-3 divide-y divide-slate-200">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} locale={locale} />
          ))}
        </ul>
        <Form method="post" action="/profile/security" className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="danger" size="sm">
            {_(SECURITY_TEXT.signOutEverywhere)}
          </Button>
          <p className="text-sm text-slate-600">{_(SECURITY_TEXT.signOutEverywhereHint)}</p>
        </Form>
      </section>
    </Card>
  );
}
