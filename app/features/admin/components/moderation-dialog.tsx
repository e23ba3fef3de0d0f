import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { FieldErrors } from "~/lib/forms";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { moderationSchema, needsReason, REASON_MAX, type ModerationField, type ModerationIntent } from "../moderation-form";
import { useTranslate } from "~/features/i18n/use-translate";

export type ModerationAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: FieldErrors<ModerationField> };

const COPY: Record<ModerationIntent, { button: MessageDescriptor; title: MessageDescriptor; confirm: MessageDescriptor; pending: MessageDescriptor; reasonLabel: MessageDescriptor }> = {
  unpublish_listing: { button: msg`Unpublish`, title: msg`Unpublish listing`, confirm: msg`Unpublish listing`, pending: msg`Unpublishing…`, reasonLabel: msg`Reason (the owner sees it)` },
  republish_listing: { button: msg`Publish again`, title: msg`Publish listing again`, confirm: msg`Publish again`, pending: msg`Publishing…`, reasonLabel: msg`Note for the log (optional)` },
  suspend_user: { button: msg`Suspend`, title: msg`Suspend account`, confirm: msg`Suspend account`, pending: msg`Suspending…`, reasonLabel: msg`Reason (the owner sees it)` },
  unsuspend_user: { button: msg`Unsuspend`, title: msg`Unsuspend account`, confirm: msg`Unsuspend account`, pending: msg`Unsuspending…`, reasonLabel: msg`Note for the log (optional)` },
  hide_guest_review: { button: msg`Hide review`, title: msg`Hide review of a guest`, confirm: msg`Hide review`, pending: msg`Hiding…`, reasonLabel: msg`Reason (kept in the moderation log)` },
  restore_guest_review: { button: msg`Restore review`, title: msg`Restore review of a guest`, confirm: msg`Restore review`, pending: msg`Restoring…`, reasonLabel: msg`Note for the log (optional)` },
};

const EFFECT: Record<ModerationIntent, MessageDescriptor> = {
  unpublish_listing: msg`It disappears from search, city and listing pages. Its owner cannot publish it again until you do.`,
  republish_listing: msg`It shows in search, city and listing pages again.`,
  suspend_user: msg`They are signed out everywhere, cannot sign in, and their published listings are hidden.`,
  unsuspend_user: msg`They can sign in again and the listings hidden by the suspension are published again.`,
  hide_guest_review: msg`It disappears from the guest's profile at once. It stays in the moderation log and in its author's own data.`,
  restore_guest_review: msg`It shows on the guest's profile again (once published).`,
};

const validate = (formData: FormData) => parseForm(moderationSchema, formData);

/** A button that opens a dialog asking for the reason, then posts the moderation action to /admin. */
export function ModerationDialog({ intent, targetId, targetLabel }: { intent: ModerationIntent; targetId: string; targetLabel: string }) {
  // One fetcher per target: its answer outlives the switch from "Unpublish" to "Publish again".
  const fetcher = useFetcher<ModerationAnswer>({ key: `moderate-${targetId}` });
  // The answer shown when the dialog opened: a newer successful one closes it.
  const [openedWith, setOpenedWith] = useState<{ data: ModerationAnswer | undefined } | null>(null);
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<ModerationField>({ validate, serverErrors });
  const copy = COPY[intent];
  const _ = useTranslate();
  const fieldError = errors.reason ?? errors.targetId;
  const danger = needsReason(intent);

  const done = openedWith !== null && answer?.ok === true && answer !== openedWith.data;
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {answer?.ok && (
        <p role="status" className="order-last w-full text-sm text-green-800 sm:text-end">
          {_(answer.message)}
        </p>
      )}
      <Button
        variant={danger ? "danger" : "secondary"}
        size="sm"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        aria-label={`${_(copy.button)}: ${targetLabel}`}
      >
        {_(copy.button)}
      </Button>
      <DialogContent title={_(copy.title)} description={_(EFFECT[intent])} size="md">
        <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <p className="font-semibold break-words text-slate-900">{targetLabel}</p>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="targetId" value={targetId} />
          {answer && !answer.ok && !answer.fieldErrors && <Alert tone="error">{_(answer.error)}</Alert>}
          <Field id={`reason-${intent}-${targetId}`} label={_(copy.reasonLabel)} error={fieldError && _(fieldError)} required={needsReason(intent)}>
            <Textarea name="reason" rows={3} maxLength={REASON_MAX} onChange={() => clearError("reason")} />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {_(msg`Cancel`)}
            </Button>
            <Button type="submit" variant={danger ? "danger" : "primary"} pending={fetcher.state !== "idle"} pendingText={_(copy.pending)}>
              {_(copy.confirm)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
