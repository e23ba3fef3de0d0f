import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ArrowLeft, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { BookingRequirementsSection } from "~/features/bookings/components/booking-requirements-section";
import { DepositSection } from "~/features/bookings/components/deposit-section";
import { bookingWhen } from "~/features/bookings/components/my-booking-item";
import { CLAIM_ARRAY_FIELDS, claimSchema, DEPOSIT_MESSAGES, type DepositActionData } from "~/features/bookings/deposit-rules";
import { answerClaim, loadDepositView, openClaim } from "~/features/bookings/deposits.server";
import { loadBookingRequirements } from "~/features/bookings/requirements.server";
import { todayIn } from "~/features/bookings/slots";
import { HandoverSection } from "~/features/handovers/components/handover-section";
import { HANDOVER_ARRAY_FIELDS, HANDOVER_TEXT, handoverSchema, type HandoverActionData } from "~/features/handovers/handover-rules";
import { addHandoverRecord, loadBookingHandover } from "~/features/handovers/handovers.server";
import { BookingConversationLink } from "~/features/messages/components/contact-host-button";
import { GeneralErrorBoundary, NotFoundPage } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { withTranslatedSpaces } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { parseForm } from "~/lib/forms";
import { notFound } from "~/lib/http";
import { logger } from "~/lib/logger.server";
import { readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { formatInZone } from "~/features/bookings/booking-widget-rules";
import { Countdown, RequestAnswerButtons } from "~/features/bookings/components/request-answer";
import { REQUEST_TEXT } from "~/features/bookings/request-rules";
import { WithdrawRequest } from "~/features/bookings/components/withdraw-request";
import { bookings } from "~/db/schema/bookings";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/booking-page";
import { translatable } from "~/features/i18n/translatable";
import { translate as translateIn } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

const STATUS: Record<string, { text: string; tone: "success" | "danger" | "neutral" }> = {
  confirmed: { text: translatable("Confirmed"), tone: "success" },
  completed: { text: translatable("Completed"), tone: "neutral" },
  cancelled: { text: translatable("Cancelled"), tone: "danger" },
  disputed: { text: translatable("Payment disputed"), tone: "neutral" },
  // A request to book (issue #28, ADR 0280).
  requested: { text: translatable("Requested"), tone: "neutral" },
  declined: { text: translatable("Declined"), tone: "danger" },
  expired: { text: translatable("Expired"), tone: "neutral" },
};

/**
 * /bookings/:bookingId — one booking, for its guest (linked from /my-bookings) and its
 * listing's host (linked from the dashboard): when and where, and for a vehicle or equipment
 * the check-in and check-out records of both sides with the viewer's form (issue #28
 * point 4, docs/decisions/0277-handover-records.md), and what the guest gave for the listing's
 * checkout requirements (point 3, ADR 0279). Anyone else, and an unknown id, gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const found = await loadBookingHandover(db, { userId: user.id, bookingId: params.bookingId, now: requestNow(request) });
  if (!found) notFound(HANDOVER_TEXT.errors.notFound);
  // The listing by its host's title in the page's language, where there is one (issue #31 point 5, ADR 0295).
  const [booking] = await withTranslatedSpaces(db, [found.booking], localeOfRequest(request, user.preferredLanguage));
  const view = { ...found, booking: booking! };
  // What the guest gave for the listing's checkout requirements (ADR 0279): the host sees it once confirmed.
  const requirements = await loadBookingRequirements(db, {
    bookingId: view.booking.id,
    role: view.role,
    status: view.booking.status,
    startDay: todayIn(view.booking.timeZone, new Date(view.booking.startTime)),
  });
  // A request to book's expiry (ADR 0280): the guest sees until when the host may answer.
  const [asked] = await db.select({ expiresAt: bookings.requestExpiresAt, endedReason: bookings.endedReason }).from(bookings).where(eq(bookings.id, view.booking.id));
  // The security deposit and its damage claim (issue #28 point 2, ADR 0284).
  const deposit = await loadDepositView(db, { bookingId: view.booking.id, role: view.role, endTime: new Date(view.booking.endTime), now: requestNow(request) });
  return { ...view, requirements, deposit, request: { expiresAt: asked?.expiresAt?.toISOString() ?? null, endedReason: asked?.endedReason ?? null }, now: requestNow(request).toISOString() };
}

/** The deposit's forms on this page: the host's claim, the guest's accept or dispute (`intent`). */
async function depositAction(request: Request, bookingId: string, userId: string, form: FormData) {
  const intent = form.get("intent");
  const db = await getDb();
  const now = requestNow(request);
  if (intent === "claim_deposit") {
    const parsed = parseForm(claimSchema, form, { arrayFields: CLAIM_ARRAY_FIELDS });
    if (!parsed.ok) return data<DepositActionData>({ deposit: true, ok: false, error: null, fieldErrors: parsed.fieldErrors }, { status: 422 });
    const i18n = await requestI18n(request);
    const translate = (text: MessageDescriptor | string) => translateIn(i18n, text);
    const result = await openClaim(db, { userId, bookingId, amount: parsed.data.amount, description: parsed.data.description, photos: parsed.data.photos, now, translate, locale: i18n.locale });
    if (!result.ok) {
      if (result.status === 404) notFound(HANDOVER_TEXT.errors.notFound);
      return data<DepositActionData>({ deposit: true, ok: false, error: result.error, fieldErrors: result.fields ?? null }, { status: result.status });
    }
    logger.info({ bookingId, claimId: result.claimId }, "damage claim opened");
    return data<DepositActionData>({ deposit: true, ok: true, message: translatable("Your claim is open. The guest has 72 hours to accept or dispute it.") });
  }
  const answer = intent === "accept_claim" ? "accept" : "dispute";
  const result = await answerClaim(db, { userId, bookingId, answer, now });
  if (!result.ok) {
    if (result.status === 404) notFound(HANDOVER_TEXT.errors.notFound);
    return data<DepositActionData>({ deposit: true, ok: false, error: result.error, fieldErrors: null }, { status: result.status });
  }
  logger.info({ bookingId, answer }, "damage claim answered");
  return data<DepositActionData>({ deposit: true, ok: true, message: answer === "accept" ? translatable("You accepted the claim: it is charged from your deposit.") : translatable("You disputed the claim: an admin will decide it.") });
}

/** POST the handover form (moment, note, odometer, fuel, condition, photos[]): the viewer's record for one moment. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  // Only the note can be this long (the form's fields are bounded well under the cap).
  const intent = body.ok ? body.form.get("intent") : null;
  if (body.ok && (intent === "claim_deposit" || intent === "accept_claim" || intent === "dispute_claim")) {
    try {
      return await depositAction(request, params.bookingId, user.id, body.form);
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ err: error }, "a deposit action failed");
      return data<DepositActionData>({ deposit: true, ok: false, error: DEPOSIT_MESSAGES.saveFailed, fieldErrors: null }, { status: 500 });
    }
  }
  if (!body.ok) return data<HandoverActionData>({ ok: false, moment: null, error: null, fieldErrors: { note: HANDOVER_TEXT.errors.noteTooLong } }, { status: 413 });
  const momentField = body.form.get("moment");
  const moment = momentField === "check_in" || momentField === "check_out" ? momentField : null;
  const parsed = parseForm(handoverSchema, body.form, { arrayFields: HANDOVER_ARRAY_FIELDS });
  if (!parsed.ok) return data<HandoverActionData>({ ok: false, moment, error: null, fieldErrors: parsed.fieldErrors }, { status: 400 });
  let result: Awaited<ReturnType<typeof addHandoverRecord>>;
  try {
    result = await addHandoverRecord(await getDb(), { userId: user.id, bookingId: params.bookingId, record: parsed.data, now: requestNow(request) });
  } catch (error) {
    logger.error({ err: error }, "saving a handover record failed");
    return data<HandoverActionData>({ ok: false, moment, error: HANDOVER_TEXT.errors.saveFailed, fieldErrors: null }, { status: 500 });
  }
  if (!result.ok) {
    // Someone else's booking, or no booking: the page's own 404.
    if (result.status === 404) notFound(HANDOVER_TEXT.errors.notFound);
    const failure: HandoverActionData = result.field
      ? { ok: false, moment, error: null, fieldErrors: { [result.field]: result.error } }
      : { ok: false, moment, error: result.error, fieldErrors: null };
    return data(failure, { status: result.status });
  }
  logger.info({ bookingId: params.bookingId, moment: parsed.data.moment, recordId: result.recordId }, "handover record added");
  return data<HandoverActionData>({ ok: true, moment: parsed.data.moment, recordId: result.recordId });
}

/** "Studio · Booking" (pageMeta adds " | Rentwell"): the page's title, which pageMeta says in the page's language. */
function bookingTitle(space: string): MessageDescriptor {
  return msg`${space} · Booking`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData ? bookingTitle(loaderData.booking.space.title) : translatable("Booking not found"),
    description: translatable("A booking, with its check-in and check-out."),
    path: location.pathname,
    matches,
    noIndex: true,
  });

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <NotFoundPage title={_(HANDOVER_TEXT.errors.notFound)} text={_(msg`This booking does not exist or is not yours.`)} link={{ to: "/my-bookings", label: _(msg`My Bookings`) }} />,
      }}
    />
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  const locale = useLocale();
  const { booking, role, applies, records, forms, requirements, deposit, request, now } = loaderData;
  const when = bookingWhen(booking, locale);
  const depositAnswer = actionData && "deposit" in actionData ? actionData : undefined;
  const handoverAnswer = actionData && !("deposit" in actionData) ? actionData : undefined;
  // A request the guest withdrew ends cancelled; it reads as what happened to it.
  const status = request.endedReason === "request_withdrawn" ? { text: translatable("Request withdrawn"), tone: "neutral" as const } : (STATUS[booking.status] ?? { text: booking.status, tone: "neutral" as const });
  const back = role === "guest" ? { to: "/my-bookings", label: _(msg`My Bookings`) } : { to: "/dashboard", label: _(msg`Dashboard`) };
  // As the dashboard says it: "Booked by Ana" (or "a guest"); the guest reads their host's name when there is one.
  const hostName = booking.hostName;
  const guestName = booking.guestName;
  const other = role === "guest" ? (hostName ? _(msg`Hosted by ${hostName}`) : null) : guestName ? _(msg`Booked by ${guestName}`) : _(msg`Booked by a guest`);
  return (
    <section className="mx-auto max-w-4xl px-4 py-6 pb-28 sm:px-6 sm:py-10">
      <Link to={back.to} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {back.label}
      </Link>
      <header className="mt-4 flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row">
        {booking.space.image && <img src={booking.space.image} alt="" className="aspect-[4/3] w-full rounded-lg object-cover sm:w-44" />}
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h1 className="text-2xl font-bold break-words text-slate-900">
              <Link to={booking.space.href} className="hover:underline">
                {booking.space.title}
              </Link>
            </h1>
            <Badge tone={status.tone}>{_(status.text)}</Badge>
          </div>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {booking.space.location}
          </p>
          <p className="text-sm text-slate-800" data-testid="booking-when">
            {when}
          </p>
          {other && <p className="text-sm break-words text-slate-700">{other}</p>}
          <div className="pt-1">
            <BookingConversationLink bookingId={booking.id}>{role === "guest" ? _(msg`Message host`) : _(msg`Message guest`)}</BookingConversationLink>
          </div>
        </div>
      </header>
      {booking.status === "requested" && request.expiresAt && (
        <Alert tone="info" className="mt-6" data-testid="request-status">
          <p className="font-semibold">{role === "guest" ? _(REQUEST_TEXT.waiting) : _(msg`A request waiting for your answer`)}</p>
          <p className="mt-1 text-sm">
            {role === "guest" ? `${_(msg`Your card is authorised, not charged.`)} ` : ""}
            {_(msg`The host has until ${formatInZone(request.expiresAt, booking.timeZone, {}, locale)} (${booking.timeZone.replace(/_/g, " ")}) to answer.`)} <Countdown expiresAt={request.expiresAt} now={new Date(now)} />
          </p>
          {role === "host" && (
            <div className="mt-3">
              <RequestAnswerButtons
                request={{ bookingId: booking.id, spaceTitle: booking.space.title, guestName: booking.guestName ?? "A guest", startTime: booking.startTime, endTime: booking.endTime, timeZone: booking.timeZone, expiresAt: request.expiresAt, capturing: false }}
              />
            </div>
          )}
          {role === "guest" && <WithdrawRequest bookingId={booking.id} spaceTitle={booking.space.title} when={when} className="mt-3" />}
        </Alert>
      )}
      {request.endedReason === "request_withdrawn" && (
        <Alert tone="info" className="mt-6" data-testid="request-withdrawn">
          {role === "guest" ? _(REQUEST_TEXT.withdrawn) : _(msg`The guest withdrew this request.`)}
        </Alert>
      )}
      {booking.status === "declined" && <Alert tone="info" className="mt-6">{role === "guest" ? _(REQUEST_TEXT.declined) : _(msg`You declined this request.`)}</Alert>}
      {booking.status === "expired" && request.endedReason === "request_expired" && <Alert tone="info" className="mt-6">{_(REQUEST_TEXT.expiredGuest)}</Alert>}
      {requirements && <BookingRequirementsSection view={requirements} role={role} timeZone={booking.timeZone} />}
      {deposit && <DepositSection view={deposit} role={role} timeZone={booking.timeZone} answer={depositAnswer} hasHandover={applies} />}
      {handoverAnswer && !handoverAnswer.ok && handoverAnswer.moment === null && (
        <Alert tone="error" className="mt-6">
          {_(handoverAnswer.error ?? Object.values(handoverAnswer.fieldErrors ?? {})[0] ?? HANDOVER_TEXT.errors.saveFailed)}
        </Alert>
      )}
      {applies ? (
        <div id="handover" className="mt-8 space-y-10">
          <p className="text-sm text-slate-600">{_(HANDOVER_TEXT.evidence)}</p>
          {(["check_in", "check_out"] as const).map((moment) => (
            <HandoverSection
              key={moment}
              moment={moment}
              records={records.filter((record) => record.moment === moment)}
              form={forms[moment]}
              timeZone={booking.timeZone}
              answer={handoverAnswer && handoverAnswer.moment === moment ? handoverAnswer : undefined}
            />
          ))}
        </div>
      ) : (
        <p className="mt-8 text-slate-600">{_(HANDOVER_TEXT.errors.notHandover)}</p>
      )}
    </section>
  );
}
