import { data, Link } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { rangeInZone, formatInZone } from "~/features/bookings/booking-widget-rules";
import { Countdown, RequestAnswerButtons } from "~/features/bookings/components/request-answer";
import { performProviderCalls } from "~/features/bookings/provider-calls.server";
import { requestAnswerSchema, type RequestAnswer } from "~/features/bookings/request-answer-form";
import { verifyRequestLink } from "~/features/bookings/request-links.server";
import { REQUEST_TEXT } from "~/features/bookings/request-rules";
import { acceptRequest, closeRequest, requestForHost } from "~/features/bookings/requests.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { parseForm } from "~/lib/forms";
import { notFound } from "~/lib/http";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { formatMinor } from "~/lib/money";
import { BODY_TOO_LARGE_MESSAGE, bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/request-answer";
import { msg } from "@lingui/core/macro";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/**
 * /requests/:bookingId (issue #28, ADR 0280, 0282): a request to book for its host — the
 * page the "request received" e-mail's signed link opens, and the action the dashboard's
 * and the conversation's Accept / Decline buttons post to. Opening the page answers
 * nothing; only its buttons (POST) do. Anyone but the listing's signed-in host gets 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const now = requestNow(request);
  const row = await requestForHost(db, params.bookingId, user.id);
  if (!row) notFound(REQUEST_TEXT.notFound);
  const sig = new URL(request.url).searchParams.get("sig");
  const { booking, space } = row;
  const expired = booking.status === "expired" || (booking.status === "requested" && booking.requestExpiresAt !== null && booking.requestExpiresAt.getTime() <= now.getTime());
  return {
    fromEmail: sig !== null && verifyRequestLink(booking.id, user.id, sig),
    now: now.toISOString(),
    request: {
      bookingId: booking.id,
      status: booking.status,
      expired,
      spaceTitle: space.title,
      guestName: translatable("The guest"),
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      timeZone: space.timezone,
      expiresAt: (booking.requestExpiresAt ?? booking.startTime).toISOString(),
      expiresText: booking.requestExpiresAt ? formatInZone(booking.requestExpiresAt.toISOString(), space.timezone, {}, localeOfRequest(request)) : null,
      message: booking.requestMessage,
      // The host's part (ADR 0287): the rental and the delivery fee.
      earnings: booking.rentalAmount + booking.deliveryAmount,
      currency: booking.currency,
      capturing: false,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!read.ok) throw bodyTooLargeResponse({ ok: false, error: BODY_TOO_LARGE_MESSAGE });
  const parsed = parseForm(requestAnswerSchema, read.form);
  if (!parsed.ok) {
    const error = Object.values(parsed.fieldErrors)[0] ?? ERROR_TEXT.generic;
    return data<RequestAnswer>({ ok: false, error, fieldErrors: parsed.fieldErrors }, { status: 422 });
  }
  if (parsed.data.bookingId !== params.bookingId) return data<RequestAnswer>({ ok: false, error: REQUEST_TEXT.notFound }, { status: 404 });
  try {
    const db = await getDb();
    const now = requestNow(request);
    const perform = (ids: string[]) => performProviderCalls(db, ids, now);
    const result =
      parsed.data.intent === "accept"
        ? await acceptRequest(db, { hostId: user.id, bookingId: parsed.data.bookingId, now }, perform)
        : await closeRequest(db, { by: { kind: "host", hostId: user.id, reason: parsed.data.reason }, bookingId: parsed.data.bookingId, now }, perform);
    if (!result.ok) return data<RequestAnswer>({ ok: false, error: result.error, fieldErrors: result.fields }, { status: result.status });
    logger.info({ hostId: user.id, bookingId: parsed.data.bookingId, answer: parsed.data.intent, status: result.status }, "request answered");
    const message = result.status === "confirmed" ? translatable("Accepted: the booking is confirmed and the guest is told.") : result.status === "declined" ? translatable("Declined: the guest's card is released and the guest is told.") : REQUEST_TEXT.capturing;
    return data<RequestAnswer>({ ok: true, status: result.status, message });
  } catch (error) {
    logger.error({ err: error }, "request answer failed");
    return data<RequestAnswer>({ ok: false, error: ERROR_TEXT.generic }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: translatable("Booking request"), description: translatable("Accept or decline a request to book."), path: `/requests/${params.bookingId}`, matches, noIndex: true });

export default function RequestAnswerPage({ loaderData }: Route.ComponentProps) {
  const _ = useTranslate();
  const locale = useLocale();
  const { request, now } = loaderData;
  const open = request.status === "requested" && !request.expired;
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Card padding="lg">
        <h1 className="text-2xl font-bold text-slate-900">{_(msg`Booking request`)}</h1>
        <p className="mt-2 text-slate-700">
          {request.spaceTitle} · {rangeInZone(request.startTime, request.endTime, request.timeZone, locale)} ({request.timeZone.replace(/_/g, " ")})
        </p>
        <p className="mt-1 text-slate-700">{_(msg`You earn ${formatMinor(request.earnings, request.currency, locale)} if you accept.`)}</p>
        {request.message && <p className="mt-4 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-slate-800">{request.message}</p>}
        <div className="mt-6">
          {open ? (
            <div className="space-y-3">
              <p>
                <Countdown expiresAt={request.expiresAt} now={new Date(now)} />
                {request.expiresText && <span className="text-sm text-slate-600"> · {_(msg`answer by ${request.expiresText}`)}</span>}
              </p>
              <RequestAnswerButtons request={request} />
            </div>
          ) : (
            <Alert tone={request.status === "confirmed" ? "success" : "info"}>
              {request.expired ? _(REQUEST_TEXT.expired) : request.status === "confirmed" ? _(msg`You accepted this request: the booking is confirmed.`) : _(REQUEST_TEXT.answered)}
            </Alert>
          )}
        </div>
        <Link to="/dashboard" className={buttonVariants({ variant: "secondary", size: "md", className: "mt-6" })}>
          {_(msg`Open your dashboard`)}
        </Link>
      </Card>
    </main>
  );
}
