import { Link, useFetcher } from "react-router";
import { formatWhen } from "~/features/admin/components/admin-panels";
import { DecisionQueue, useDecided } from "~/features/admin/components/decision-queue";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { formatMinor, minorToDecimalText } from "~/lib/money";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { decisionSchema, MAX_CLAIM_DESCRIPTION, type DecisionField } from "../deposit-rules";
import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

export type DecideClaimAnswer = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors<DecisionField> };

export type DisputedClaimRow = {
  id: string;
  bookingId: string;
  amount: number;
  currency: string;
  deposit: number;
  description: string;
  photos: string[];
  spaceTitle: string;
  createdAt: string | Date;
};

const validate = (formData: FormData) => parseForm(decisionSchema, formData);

/** One disputed claim with the decide form: an amount from 0 to the claim and a note both parties read (posted to /admin). */
function ClaimItem({ row, onDecided }: { row: DisputedClaimRow; onDecided: (message: string) => void }) {
  const _ = useTranslate();
  const locale = useLocale();
  const tr = (text: string | undefined) => (text ? _(text) : text);
  const fetcher = useFetcher<DecideClaimAnswer>({ key: `decide-claim-${row.id}` });
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<DecisionField>({ validate, serverErrors: answer && !answer.ok ? answer.fieldErrors : undefined });
  const money = (minor: number) => formatMinor(minor, row.currency, locale);
  if (useDecided(fetcher.data?.ok ? fetcher.data.message : null, row.spaceTitle, onDecided)) return null;
  return (
    <li className="py-4" data-testid="disputed-claim">
      <p className="font-semibold break-words text-slate-900">
        {row.spaceTitle}: {_(msg`${money(row.amount)} of a ${money(row.deposit)} deposit`)}
      </p>
      <p className="text-xs text-slate-600">
        {_(msg`Opened ${formatWhen(row.createdAt)}`)} ·{" "}
        <Link to={`/bookings/${row.bookingId}`} className="text-brand-700 hover:underline">
          {_(msg`booking ${row.bookingId.slice(0, 8)}`)}
        </Link>
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{row.description}</p>
      {row.photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={_(msg`Photos of the claim on ${row.spaceTitle}`)}>
          {row.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer noopener">
                <img src={photo} alt={_(msg`Damage photo ${index + 1}`)} className="h-20 w-28 rounded-lg border border-slate-200 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
        <input type="hidden" name="intent" value="decide_claim" />
        <input type="hidden" name="claimId" value={row.id} />
        {answer && !answer.ok && !answer.fieldErrors && (
          <Alert tone="error" className="sm:col-span-2">
            {_(answer.error)}
          </Alert>
        )}
        <Field id={`claim-amount-${row.id}`} label={_(msg`Amount (${row.currency})`)} error={tr(errors.amount)} hint={_(msg`0 to ${money(row.amount)}`)}>
          <Input name="amount" inputMode="decimal" autoComplete="off" maxLength={14} defaultValue={minorToDecimalText(row.amount, row.currency)} onChange={() => clearError("amount")} />
        </Field>
        <Field id={`claim-note-${row.id}`} label={_(msg`Decision note`)} error={tr(errors.note)} hint={_(msg`Both the guest and the host read it.`)}>
          <Textarea name="note" rows={2} maxLength={MAX_CLAIM_DESCRIPTION} onChange={() => clearError("note")} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={!hydrated} pending={fetcher.state !== "idle"} pendingText={_(msg`Deciding...`)} aria-label={_(msg`Decide the claim on ${row.spaceTitle}`)}>
            {_(msg`Decide`)}
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}

/** /admin's "Disputed claims" (issue #28 point 2, ADR 0284): claims a guest disputed, oldest first. */
export function DisputedClaimsPanel({ rows }: { rows: DisputedClaimRow[] }) {
  const _ = useTranslate();
  return <DecisionQueue rows={rows} empty={_(msg`No disputed claims.`)} testId="disputed-claims" item={(row, onDecided) => <ClaimItem key={row.id} row={row} onDecided={onDecided} />} />;
}
