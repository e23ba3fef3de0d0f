import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { IdentityUploadKind } from "~/db/schema/identity";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { identitySubmitSchema, type IdentitySubmitField } from "../identity-form";
import { ACCEPT_IDENTITY_PHOTOS, IDENTITY_PHOTO_MAX_BYTES, IDENTITY_TEXT, identityFilePath, UPLOAD_KIND_LABELS } from "../identity-text";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";

/** Sends one photo to POST /api/identity/uploads; the upload's id, or the text to show. */
async function uploadPhoto(kind: IdentityUploadKind, file: File): Promise<{ id: string } | { error: string }> {
  const body = new FormData();
  body.append("file", file);
  try {
    const response = await fetch(`/api/identity/uploads?kind=${kind}`, { method: "POST", body, headers: { Accept: "application/json" } });
    const json = (await response.json().catch(() => null)) as { id?: string; error?: string } | null;
    if (response.ok && json?.id) return { id: json.id };
    return { error: json?.error || IDENTITY_TEXT.errors.uploadFailed };
  } catch {
    return { error: IDENTITY_TEXT.errors.uploadFailed };
  }
}

const FIELD_OF: Record<IdentityUploadKind, IdentitySubmitField> = { document: "documentUploadId", selfie: "selfieUploadId" };
const HINT_OF: Record<IdentityUploadKind, string> = { document: IDENTITY_TEXT.documentHint, selfie: IDENTITY_TEXT.selfieHint };

const validate = (formData: FormData) => parseForm(identitySubmitSchema, formData);

/**
 * The local provider's form: each photo is uploaded as soon as it is chosen (checked in the
 * browser for its size, then on the server), shown back from its private address, and both
 * ids are submitted for review.
 */
export function LocalVerificationForm({ serverErrors, formError }: { serverErrors?: FieldErrors<IdentitySubmitField>; formError?: string }) {
  const _ = useTranslate();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [ids, setIds] = useState<Partial<Record<IdentityUploadKind, string>>>({});
  const [uploading, setUploading] = useState<Partial<Record<IdentityUploadKind, boolean>>>({});
  const { formRef, errors, onSubmit, clearError, setErrors } = useFormErrors<IdentitySubmitField>({ validate, serverErrors });

  async function onChosen(kind: IdentityUploadKind, file: File | undefined) {
    const field = FIELD_OF[kind];
    setIds((current) => ({ ...current, [kind]: undefined }));
    if (!file) return;
    if (file.size > IDENTITY_PHOTO_MAX_BYTES) return setErrors({ ...errors, [field]: IDENTITY_TEXT.errors.tooLarge });
    clearError(field);
    setUploading((current) => ({ ...current, [kind]: true }));
    const result = await uploadPhoto(kind, file);
    setUploading((current) => ({ ...current, [kind]: false }));
    if ("error" in result) return setErrors({ ...errors, [field]: result.error });
    setIds((current) => ({ ...current, [kind]: result.id }));
  }

  const busy = Boolean(uploading.document || uploading.selfie);
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="submit" />
      {formError && <Alert tone="error">{_(formError)}</Alert>}
      {(["document", "selfie"] as const).map((kind) => (
        <div key={kind} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label={_(UPLOAD_KIND_LABELS[kind])} hint={_(HINT_OF[kind])} error={errors[FIELD_OF[kind]] ? _(errors[FIELD_OF[kind]]!) : undefined} required className="min-w-0 flex-1">
            <Input type="file" accept={ACCEPT_IDENTITY_PHOTOS} disabled={!hydrated} data-testid={`identity-${kind}-input`} onChange={(event) => void onChosen(kind, event.currentTarget.files?.[0])} />
          </Field>
          <input type="hidden" name={FIELD_OF[kind]} value={ids[kind] ?? ""} />
          <div className="text-sm text-slate-700 sm:w-40" aria-live="polite">
            {uploading[kind] && _(IDENTITY_TEXT.uploading)}
            {ids[kind] && (
              <>
                <img src={identityFilePath(ids[kind]!)} alt={_(msg`${_(UPLOAD_KIND_LABELS[kind])}: preview`)} className="h-24 w-36 rounded-lg border border-slate-200 object-cover" />
                <span className="mt-1 block text-green-800">{_(IDENTITY_TEXT.uploaded)}</span>
              </>
            )}
          </div>
        </div>
      ))}
      <p className="text-sm text-slate-600">{_(IDENTITY_TEXT.privacy)}</p>
      <Button type="submit" disabled={!hydrated || busy} pending={navigation.state === "submitting"} pendingText={_(msg`Submitting…`)}>
        {_(IDENTITY_TEXT.submit)}
      </Button>
    </Form>
  );
}

/** The Stripe provider's form: one button that sends the member to Stripe's hosted flow. */
export function StripeVerificationForm({ formError, label }: { formError?: string; label: string }) {
  const _ = useTranslate();
  const navigation = useNavigation();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="start" />
      {formError && <Alert tone="error">{_(formError)}</Alert>}
      <p className="text-sm text-slate-600">{_(IDENTITY_TEXT.startStripeHint)}</p>
      <Button type="submit" pending={navigation.state !== "idle"} pendingText={_(msg`Opening Stripe…`)}>
        {_(label)}
      </Button>
    </Form>
  );
}
