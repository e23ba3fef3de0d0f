import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { formatMinor } from "~/lib/money";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { rangeInZone } from "../booking-widget-rules";
import { requestAnswerSchema, type RequestAnswer, type RequestAnswerField } from "../request-answer-form";
import { REASON_MAX } from "../request-rules";
import { expiresMessage } from "../booking-texts";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/** What a host's answer needs of an open request. */
export type AnswerableRequest = { bookingId: string; spaceTitle: string; guestName: string; startTime: string; endTime: string; timeZone: string; expiresAt: string; capturing: boolean };

export const REQUEST_ANSWER_COPY = {
  accept: translatable("Accept"),
  accepting: translatable("Accepting…"),
  decline: translatable("Decline"),
  declineTitle: translatable("Decline this request?"),
  reasonLabel: translatable("Reason (optional)"),
  reasonHint: translatable("The guest reads it in the e-mail that tells them."),
  keep: translatable("Keep the request"),
  confirmDecline: translatable("Decline and release the card"),
  declining: translatable("Declining…"),
} as const;

const validate = (formData: FormData) => parseForm(requestAnswerSchema, formData);

/** "Expires in 5 h 12 min", ticking every 30 seconds after hydration. */
export function Countdown({ expiresAt, now }: { expiresAt: string; now: Date }) {
  const _ = useTranslate();
  // From the server's clock (the test clock too), moved on by the time spent on the page.
  const [clock, setClock] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setClock((current) => new Date(current.getTime() + 30_000)), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="text-sm font-medium text-amber-800" data-testid="request-countdown">
      {_(expiresMessage(expiresAt, clock))}
    </span>
  );
}

/**
 * Accept and Decline for an open request (issue #28, ADR 0280), posting to the request's
 * own route, /requests/:bookingId; Decline asks for an optional reason in a dialog. The
 * answer (or the server's refusal: "This request has expired.") is said in place.
 */
export function RequestAnswerButtons({ request }: { request: AnswerableRequest }) {
  const _ = useTranslate();
  const locale = useLocale();
  const accept = useFetcher<RequestAnswer>({ key: `request-accept-${request.bookingId}` });
  const decline = useFetcher<RequestAnswer>({ key: `request-decline-${request.bookingId}` });
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const declined = decline.state === "idle" ? decline.data : undefined;
  const accepted = accept.state === "idle" ? accept.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<RequestAnswerField>({ validate, serverErrors: declined && !declined.ok ? declined.fieldErrors : undefined });
  const action = `/requests/${request.bookingId}`;
  const when = rangeInZone(request.startTime, request.endTime, request.timeZone, locale);
  const label = `${request.spaceTitle}, ${when}`;
  const done = (accepted?.ok && accepted) || (declined?.ok && declined);
  if (done) {
    return (
      <p role="status" className="text-sm font-medium text-slate-800">
        {_(done.message)}
      </p>
    );
  }
  if (request.capturing) return <p className="text-sm text-slate-700">{_(msg`Accepted — taking the payment…`)}</p>;
  const refusal = (accepted && !accepted.ok && accepted.error) || (declined && !declined.ok && !declined.fieldErrors?.reason && declined.error) || null;
  return (
    <div className="space-y-2">
      {refusal && (
        <Alert tone="error" className="text-sm">
          {_(refusal)}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <accept.Form method="post" action={action}>
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="bookingId" value={request.bookingId} />
          <Button type="submit" size="sm" disabled={!hydrated} pending={accept.state !== "idle"} pendingText={_(REQUEST_ANSWER_COPY.accepting)} aria-label={`${_(REQUEST_ANSWER_COPY.accept)}: ${label}`}>
            {_(REQUEST_ANSWER_COPY.accept)}
          </Button>
        </accept.Form>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="secondary" size="sm" disabled={!hydrated} aria-label={`${_(REQUEST_ANSWER_COPY.decline)}: ${label}`}>
              {_(REQUEST_ANSWER_COPY.decline)}
            </Button>
          </DialogTrigger>
          <DialogContent title={_(REQUEST_ANSWER_COPY.declineTitle)} size="md" description={`${request.spaceTitle} · ${_(msg`requested by ${_(request.guestName)}`)}`}>
            <decline.Form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="decline" />
              <input type="hidden" name="bookingId" value={request.bookingId} />
              <p className="text-sm text-slate-800">{when}</p>
              <p className="text-sm text-slate-600">{_(msg`The guest's card is not charged: the authorisation is released and the time is free again.`)}</p>
              <Field label={_(REQUEST_ANSWER_COPY.reasonLabel)} hint={_(REQUEST_ANSWER_COPY.reasonHint)} error={errors.reason ? _(errors.reason) : undefined}>
                <Textarea name="reason" rows={3} maxLength={REASON_MAX} onChange={() => clearError("reason")} />
              </Field>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="secondary" size="md">
                    {_(REQUEST_ANSWER_COPY.keep)}
                  </Button>
                </DialogClose>
                <Button type="submit" variant="danger" size="md" pending={decline.state !== "idle"} pendingText={_(REQUEST_ANSWER_COPY.declining)}>
                  {_(REQUEST_ANSWER_COPY.confirmDecline)}
                </Button>
              </div>
            </decline.Form>
          </DialogContent>
        </Dialog>
      </div>
    </div>
  );
}

/** The dashboard's "Requests" section: requests waiting for the host's answer, soonest to expire first. */
export function RequestsSection({ requests, now }: { requests: (AnswerableRequest & { total: number; earnings: number; currency: string; message: string | null })[]; now: Date }) {
  const _ = useTranslate();
  const locale = useLocale();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="requests-heading" className="mt-8" data-testid="requests-section">
      <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
        {_(msg`Requests`)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{_(msg`Guests waiting for your answer. A request you do not answer in time expires, and the guest's card is released.`)}</p>
      <ul className="mt-3 space-y-3">
        {requests.map((request) => (
          <li key={request.bookingId} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="request-row">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
              <p className="font-semibold text-slate-900">{request.spaceTitle}</p>
              <Countdown expiresAt={request.expiresAt} now={now} />
            </div>
            <p className="text-sm text-slate-700">
              {_(request.guestName)} · {rangeInZone(request.startTime, request.endTime, request.timeZone, locale)} · {_(msg`you earn ${formatMinor(request.earnings, request.currency, locale)}`)}
            </p>
            {request.message && <p className="mt-2 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{request.message}</p>}
            <div className="mt-3">
              <RequestAnswerButtons request={request} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
