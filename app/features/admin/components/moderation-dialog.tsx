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

export type ModerationAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: FieldErrors<ModerationField> };

const COPY: Record<ModerationIntent, { button: string; title: string; confirm: string; pending: string; reasonLabel: string }> = {
  unpublish_listing: { button: "Unpublish", title: "Unpublish listing", confirm: "Unpublish listing", pending: "Unpublishing…", reasonLabel: "Reason (the owner sees it)" },
  republish_listing: { button: "Publish again", title: "Publish listing again", confirm: "Publish again", pending: "Publishing…", reasonLabel: "Note for the log (optional)" },
  suspend_user: { button: "Suspend", title: "Suspend account", confirm: "Suspend account", pending: "Suspending…", reasonLabel: "Reason (the owner sees it)" },
  unsuspend_user: { button: "Unsuspend", title: "Unsuspend account", confirm: "Unsuspend account", pending: "Unsuspending…", reasonLabel: "Note for the log (optional)" },
  hide_guest_review: { button: "Hide review", title: "Hide review of a guest", confirm: "Hide review", pending: "Hiding…", reasonLabel: "Reason (kept in the moderation log)" },
  restore_guest_review: { button: "Restore review", title: "Restore review of a guest", confirm: "Restore review", pending: "Restoring…", reasonLabel: "Note for the log (optional)" },
};

const EFFECT: Record<ModerationIntent, string> = {
  unpublish_listing: "It disappears from search, city and listing pages. Its owner cannot publish it again until you do.",
  republish_listing: "It shows in search, city and listing pages again.",
  suspend_user: "They are signed out everywhere, cannot sign in, and their published listings are hidden.",
  unsuspend_user: "They can sign in again and the listings hidden by the suspension are published again.",
  hide_guest_review: "It disappears from the guest's profile at once. It stays in the moderation log and in its author's own data.",
  restore_guest_review: "It shows on the guest's profile again (once published).",
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
  const danger = needsReason(intent);

  const done = openedWith !== null && answer?.ok === true && answer !== openedWith.data;
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {answer?.ok && (
        <p role="status" className="order-last w-full text-sm text-green-800 sm:text-right">
          {answer.message}
        </p>
      )}
      <Button
        variant={danger ? "danger" : "secondary"}
        size="sm"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        aria-label={`${copy.button}: ${targetLabel}`}
      >
        {copy.button}
      </Button>
      <DialogContent title={copy.title} description={EFFECT[intent]} size="md">
        <fetcher.Form ref={formRef} method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <p className="font-semibold break-words text-slate-900">{targetLabel}</p>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="targetId" value={targetId} />
          {answer && !answer.ok && !answer.fieldErrors && <Alert tone="error">{answer.error}</Alert>}
          <Field id={`reason-${intent}-${targetId}`} label={copy.reasonLabel} error={errors.reason ?? errors.targetId} required={needsReason(intent)}>
            <Textarea name="reason" rows={3} maxLength={REASON_MAX} onChange={() => clearError("reason")} />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={danger ? "danger" : "primary"} pending={fetcher.state !== "idle"} pendingText={copy.pending}>
              {copy.confirm}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
