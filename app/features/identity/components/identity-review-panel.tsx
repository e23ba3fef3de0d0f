import { useFetcher } from "react-router";
import type { IdentityUploadKind } from "~/db/schema/identity";
import { formatWhen } from "~/features/admin/components/admin-panels";
import { DecisionQueue, useDecided } from "~/features/admin/components/decision-queue";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { identityReviewSchema, type IdentityReviewField } from "../identity-form";
import { IDENTITY_TEXT, identityFilePath, REJECT_REASON_MAX } from "../identity-text";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

export type IdentityReviewAnswer = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors<IdentityReviewField> };

export type ReviewRow = {
  id: string;
  email: string;
  fullName: string | null;
  createdAt: string | Date;
  photos: { id: string; kind: IdentityUploadKind }[];
};

const PHOTO_LABEL: Record<IdentityUploadKind, string> = { document: IDENTITY_TEXT.admin.document, selfie: IDENTITY_TEXT.admin.selfie };

const validate = (formData: FormData) => parseForm(identityReviewSchema, formData);

/** One member's photos with Approve, and Reject with a reason the member reads (posted to /admin). */
function ReviewItem({ row, onDecided }: { row: ReviewRow; onDecided: (message: string) => void }) {
  const _ = useTranslate();
  const fetcher = useFetcher<IdentityReviewAnswer>({ key: `identity-review-${row.id}` });
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<IdentityReviewField>({ validate, serverErrors: answer && !answer.ok ? answer.fieldErrors : undefined });
  const reasonError = errors.reason ?? errors.verificationId;
  const locale = useLocale();
  const who = row.fullName ? `${row.fullName} <${row.email}>` : row.email;
  if (useDecided(fetcher.data?.ok ? fetcher.data.message : null, who, onDecided)) return null;
  return (
    <li className="py-4" data-testid="identity-review">
      <p className="font-semibold break-words text-slate-900">{who}</p>
      <p className="text-xs text-slate-600">
        {_(IDENTITY_TEXT.admin.submitted)} {formatWhen(row.createdAt, locale)}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {(["document", "selfie"] as const).map((kind) => {
          const photo = row.photos.find((item) => item.kind === kind);
          return (
            <figure key={kind} className="w-40">
              {photo ? (
                <a href={identityFilePath(photo.id)} target="_blank" rel="noreferrer noopener">
                  <img src={identityFilePath(photo.id)} alt={`${_(PHOTO_LABEL[kind])}: ${who}`} className="h-28 w-40 rounded-lg border border-slate-200 object-cover" />
                </a>
              ) : (
                <p className="flex h-28 w-40 items-center justify-center rounded-lg border border-dashed border-slate-300 p-2 text-center text-xs text-slate-600">{_(IDENTITY_TEXT.admin.photoMissing)}</p>
              )}
              <figcaption className="mt-1 text-xs text-slate-700">{PHOTO_LABEL[kind]}</figcaption>
            </figure>
          );
        })}
      </div>
      <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
        <input type="hidden" name="verificationId" value={row.id} />
        {answer && !answer.ok && !answer.fieldErrors && <Alert tone="error">{answer.error}</Alert>}
        <Field id={`identity-reason-${row.id}`} label={_(IDENTITY_TEXT.admin.reasonLabel)} error={reasonError ? _(reasonError) : undefined}>
          <Textarea name="reason" rows={2} maxLength={REJECT_REASON_MAX} onChange={() => clearError("reason")} />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="approve_identity" size="sm" disabled={!hydrated} pending={fetcher.state !== "idle" && fetcher.formData?.get("intent") === "approve_identity"} aria-label={`${_(IDENTITY_TEXT.admin.approve)}: ${who}`}>
            {_(IDENTITY_TEXT.admin.approve)}
          </Button>
          <Button type="submit" name="intent" value="reject_identity" size="sm" variant="danger" disabled={!hydrated} pending={fetcher.state !== "idle" && fetcher.formData?.get("intent") === "reject_identity"} aria-label={`${_(IDENTITY_TEXT.admin.reject)}: ${who}`}>
            {_(IDENTITY_TEXT.admin.reject)}
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}

/** The /admin panel of local identity verifications waiting for review, oldest first. */
export function IdentityReviewPanel({ rows }: { rows: ReviewRow[] }) {
  const _ = useTranslate();
  return <DecisionQueue rows={rows} empty={_(IDENTITY_TEXT.admin.empty)} testId="identity-reviews" item={(row, onDecided) => <ReviewItem key={row.id} row={row} onDecided={onDecided} />} />;
}
