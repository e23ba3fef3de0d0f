import { msg } from "@lingui/core/macro";
import { useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { HandoverPhotoPicker } from "~/features/handovers/components/handover-photo-picker";
import { dateTimeFormat } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { formatMinor, minorToDecimalText } from "~/lib/money";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import {
  CLAIM_ANSWER_HOURS,
  CLAIM_ARRAY_FIELDS,
  CLAIM_STATUS_TEXT,
  claimSchema,
  DEPOSIT_STATUS_TEXT,
  MAX_CLAIM_DESCRIPTION,
  MAX_CLAIM_PHOTOS,
  type ClaimField,
  type DepositActionData,
} from "../deposit-rules";
import type { DepositView } from "../deposits.server";
import { splitAround } from "../booking-texts";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

const when = (iso: string, timeZone: string, locale?: string) =>
  `${dateTimeFormat(!locale || locale === "en" ? "en-GB" : locale, { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso))} (${timeZone.replace(/_/g, " ")})`;

/**
 * The booking's security deposit on /bookings/:bookingId (issue #28 point 2, ADR 0284): its
 * state for both sides; the host's "Open a damage claim" form once the booking has ended; the
 * claim, linked to the check-in and check-out records above it (the evidence), with the guest's
 * Accept and Dispute buttons until the 72-hour deadline.
 */
export function DepositSection({ view, role, timeZone, answer, hasHandover }: { view: DepositView; role: "guest" | "host"; timeZone: string; answer?: DepositActionData; hasHandover: boolean }) {
  const _ = useTranslate();
  const locale = useLocale();
  const money = (minor: number) => formatMinor(minor, view.currency, locale);
  const claim = view.claim;
  const evidenceLink = _(msg`the check-in and check-out records`);
  const [evidenceBefore, evidenceAfter] = splitAround(_(msg`The evidence: ${evidenceLink} of this booking.`), evidenceLink);
  const answerBy = claim ? when(claim.guestAnswerBy, timeZone, locale) : "";
  const [answerBefore, answerAfter] = splitAround(_(msg`The guest can accept or dispute it until ${answerBy} (${CLAIM_ANSWER_HOURS} hours); without an answer it is accepted.`), answerBy);
  return (
    <section className="mt-8 space-y-4" aria-labelledby="deposit-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="deposit-heading" className="text-lg font-semibold text-slate-900">
          {_(msg`Security deposit`)}
        </h2>
        <Badge tone={view.status === "failed" ? "danger" : view.status === "released" ? "success" : "neutral"} data-testid="deposit-status">
          {_(DEPOSIT_STATUS_TEXT[view.status] ?? view.status)}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        <strong>{money(view.amount)}</strong> {_(msg`— held, not charged.`)}{" "}
        {view.status === "scheduled" && <>{_(msg`It is held on the card from ${when(view.authoriseAt, timeZone, locale)}.`)} </>}
        {(view.status === "scheduled" || view.status === "authorised") && <>{_(msg`Released on ${when(view.releaseAt, timeZone, locale)} unless the host opens a damage claim.`)}</>}
      </p>
      {view.status === "failed" && (
        <Alert tone="error">
          {view.failureMessage ? _(msg`The saved card declined the deposit: ${view.failureMessage}`) : _(msg`The saved card declined the deposit.`)}{" "}
          {role === "host" ? _(msg`You may cancel the booking; the guest gets a full refund.`) : _(msg`The host may cancel the booking with a full refund.`)}
        </Alert>
      )}
      {answer?.ok && <Alert tone="success">{_(answer.message)}</Alert>}
      {answer && !answer.ok && answer.error && !claim && !view.canClaim && <Alert tone="error">{_(answer.error)}</Alert>}
      {claim && (
        <div className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="deposit-claim">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{_(msg`Damage claim: ${money(claim.amount)}`)}</h3>
            <Badge tone={claim.status === "disputed" ? "danger" : "neutral"}>{_(CLAIM_STATUS_TEXT[claim.status] ?? claim.status)}</Badge>
          </div>
          <p className="text-sm break-words whitespace-pre-line text-slate-800">{claim.description}</p>
          {claim.photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={_(msg`Photos of the damage`)}>
              {claim.photos.map((photo, index) => (
                <li key={photo}>
                  <a href={photo} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200">
                    <img src={photo} alt={_(msg`Damage photo ${index + 1} of ${claim.photos.length}, open full size`)} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {hasHandover && (
            <p className="text-sm text-slate-600">
              {evidenceBefore}
              <a href="#handover" className="font-medium text-brand-700 hover:underline">
                {evidenceLink}
              </a>
              {evidenceAfter}
            </p>
          )}
          {claim.status === "open" && (
            <p className="text-sm text-slate-700">
              {answerBefore}
              <strong>{answerBy}</strong>
              {answerAfter}
            </p>
          )}
          {claim.status === "decided" && claim.decidedAmount !== null && (
            <p className="text-sm text-slate-700">
              {claim.decisionNote ? _(msg`An admin decided ${money(claim.decidedAmount)}: ${claim.decisionNote}`) : _(msg`An admin decided ${money(claim.decidedAmount)}.`)}
            </p>
          )}
          {claim.capturedAmount > 0 && (
            <p className="text-sm text-slate-700">
              {role === "host"
                ? _(msg`${money(claim.capturedAmount)} was charged from the deposit and is paid to you with your payouts.`)
                : _(msg`${money(claim.capturedAmount)} was charged from the deposit.`)}
            </p>
          )}
          {answer && !answer.ok && answer.error && <Alert tone="error">{_(answer.error)}</Alert>}
          {view.canAnswer && <AnswerButtons />}
        </div>
      )}
      {view.canClaim && <ClaimForm deposit={view.amount} currency={view.currency} answer={answer && !answer.ok ? answer : undefined} />}
    </section>
  );
}

function AnswerButtons() {
  const _ = useTranslate();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <Form method="post" className="flex flex-wrap gap-3" aria-label={_(msg`Answer the damage claim`)}>
      <Button type="submit" name="intent" value="accept_claim" size="md" pending={pending === "accept_claim"} pendingText={_(msg`Accepting...`)}>
        {_(msg`Accept the claim`)}
      </Button>
      <Button type="submit" name="intent" value="dispute_claim" size="md" variant="secondary" pending={pending === "dispute_claim"} pendingText={_(msg`Disputing...`)}>
        {_(msg`Dispute it`)}
      </Button>
    </Form>
  );
}

function validateClaim(formData: FormData) {
  const parsed = parseForm(claimSchema, formData, { arrayFields: CLAIM_ARRAY_FIELDS });
  return parsed.ok ? ({ ok: true } as const) : parsed;
}

function ClaimForm({ deposit, currency, answer }: { deposit: number; currency: string; answer?: Extract<DepositActionData, { ok: false }> }) {
  const _ = useTranslate();
  const locale = useLocale();
  const tr = (text: string | undefined) => (text ? _(text) : text);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "claim_deposit";
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const { formRef, errors, onSubmit, clearError } = useFormErrors<ClaimField>({ validate: validateClaim, serverErrors: answer?.fieldErrors ?? undefined });
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-labelledby="claim-heading">
      <h3 id="claim-heading" className="font-semibold text-slate-900">
        {_(msg`Open a damage claim`)}
      </h3>
      <input type="hidden" name="intent" value="claim_deposit" />
      {answer?.error && !answer.fieldErrors && <Alert tone="error">{_(answer.error)}</Alert>}
      <Field label={_(msg`Amount (${currency})`)} error={tr(errors.amount)} hint={_(msg`Up to the deposit, ${formatMinor(deposit, currency, locale)}.`)}>
        <Input name="amount" inputMode="decimal" autoComplete="off" maxLength={14} placeholder={minorToDecimalText(deposit, currency)} onChange={() => clearError("amount")} />
      </Field>
      <Field label={_(msg`What was damaged`)} error={tr(errors.description)} hint={_(msg`Up to 2,000 characters.`)}>
        <Textarea name="description" rows={4} maxLength={MAX_CLAIM_DESCRIPTION} onChange={() => clearError("description")} />
      </Field>
      <HandoverPhotoPicker label="damage claim" error={tr(errors.photos)} onBusyChange={onBusyChange} max={MAX_CLAIM_PHOTOS} />
      <div className="flex justify-end">
        <Button type="submit" size="md" disabled={uploading} pending={submitting} pendingText={_(msg`Opening...`)}>
          {uploading ? _(msg`Wait until your photos have uploaded.`) : _(msg`Open the claim`)}
        </Button>
      </div>
    </Form>
  );
}
