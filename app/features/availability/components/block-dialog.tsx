import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useEffect, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { parseBlockForm } from "../block-form";
import type { CalendarAnswer } from "../host-calendar-view";

/** What the dialog opens with: whole days (first and last included) or hours (local "YYYY-MM-DDTHH:00", the end excluded). */
export type BlockPreset = { wholeDays: boolean; firstDay: string; lastDay: string; from: string; to: string };

export const BLOCK_COPY = {
  title: translatable("Block or unblock time"),
  description: (timeZone: string) => `Times are in the listing's time zone, ${timeZone}. Blocked time cannot be booked; bookings stay as they are.`,
  wholeDays: translatable("Whole days"),
  firstDay: translatable("First day"),
  lastDay: translatable("Last day"),
  from: translatable("From"),
  to: translatable("Until"),
  note: translatable("Private note (optional)"),
  noteHint: translatable("Only you see it, e.g. 'Closed for repairs'."),
  cancel: translatable("Cancel"),
  block: translatable("Block"),
  unblock: translatable("Unblock"),
  pending: translatable("Saving…"),
} as const;

type BlockField = "from" | "to" | "note";

const validate = (formData: FormData) => parseBlockForm(formData);

/**
 * Blocks or unblocks a range (issue #26 point 2), opened by a selection on the calendar or
 * by the 'Block dates' button, so every part works from the keyboard. Whole days ask for
 * the first and last day; hours for a start and an end on the hour. A block over a
 * booking is refused by the server with the booking's name and time, shown here.
 */
export function BlockDialog({
  preset,
  timeZone,
  open,
  onOpenChange,
  returnFocus,
}: {
  preset: BlockPreset;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const _ = useTranslate();
  const errorText = (text: string | undefined) => (text ? _(text) : undefined);
  const fetcher = useFetcher<CalendarAnswer>({ key: "calendar-block" });
  const [wholeDays, setWholeDays] = useState(preset.wholeDays);
  const answer = fetcher.state === "idle" && fetcher.data && (fetcher.data.intent === "block" || fetcher.data.intent === "unblock") ? fetcher.data : undefined;
  // Only the answer to this opening of the dialog counts.
  const [sentAt, setSentAt] = useState<CalendarAnswer | undefined | null>(null);
  const current = sentAt !== null && answer !== sentAt ? answer : undefined;
  const serverErrors = current && !current.ok ? (current.fieldErrors as Partial<Record<BlockField, string>>) : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<BlockField>({ validate, serverErrors });
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;

  const succeeded = current?.ok === true;
  useEffect(() => {
    if (succeeded) onOpenChange(false);
  }, [succeeded, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={_(BLOCK_COPY.title)}
        description={_(msg`Times are in the listing's time zone, ${timeZone}. Blocked time cannot be booked; bookings stay as they are.`)}
        size="md"
        placement="sheet"
        onCloseAutoFocus={(event) => {
          if (returnFocus?.current) {
            event.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={(event) => {
            onSubmit(event);
            if (!event.defaultPrevented) setSentAt(answer);
          }}
          className="mt-4 space-y-4"
          data-testid="block-form"
        >
          <Checkbox name="wholeDays" value="on" label={_(BLOCK_COPY.wholeDays)} checked={wholeDays} onChange={(event) => setWholeDays(event.target.checked)} />
          {wholeDays ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={_(BLOCK_COPY.firstDay)} error={errorText(errors.from)} required>
                <Input name="firstDay" type="date" defaultValue={preset.firstDay} onChange={() => clearError("from")} />
              </Field>
              <Field label={_(BLOCK_COPY.lastDay)} error={errorText(errors.to)} required>
                <Input name="lastDay" type="date" defaultValue={preset.lastDay} onChange={() => clearError("to")} />
              </Field>
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={_(BLOCK_COPY.from)} error={errorText(errors.from)} required hint={_(msg`On the hour`)}>
                <Input name="from" type="datetime-local" step={3600} defaultValue={preset.from} onChange={() => clearError("from")} />
              </Field>
              <Field label={_(BLOCK_COPY.to)} error={errorText(errors.to)} required>
                <Input name="to" type="datetime-local" step={3600} defaultValue={preset.to} onChange={() => clearError("to")} />
              </Field>
            </div>
          )}
          <Field label={_(BLOCK_COPY.note)} hint={_(BLOCK_COPY.noteHint)} error={errorText(errors.note)}>
            <Textarea name="note" rows={2} maxLength={500} onChange={() => clearError("note")} />
          </Field>
          {current && !current.ok && current.error && <Alert tone="error">{_(current.error)}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md">
                {_(BLOCK_COPY.cancel)}
              </Button>
            </DialogClose>
            <Button type="submit" name="intent" value="unblock" variant="outline" size="md" pending={pending === "unblock"} disabled={Boolean(pending)}>
              {_(BLOCK_COPY.unblock)}
            </Button>
            <Button type="submit" name="intent" value="block" size="md" pending={pending === "block"} disabled={Boolean(pending)}>
              {_(BLOCK_COPY.block)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
