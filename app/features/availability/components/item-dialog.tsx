import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { useEffect, useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { wallRangeText, wholeHour, type CalendarAnswer, type CalendarItem } from "../host-calendar-view";

export const ITEM_COPY = {
  booking: translatable("Booking"),
  hold: translatable("Checkout in progress"),
  holdText: translatable("A guest is paying for this time. If they do not finish, it is free again within 15 minutes."),
  block: translatable("Blocked time"),
  imported: translatable("Blocked by an imported calendar"),
  importedText: translatable("This time is blocked by a calendar this listing imports (Calendar sync, below). Change it in that calendar, or remove the import."),
  noNote: translatable("No note."),
  message: translatable("Message the guest"),
  unblock: translatable("Unblock"),
  unblocking: translatable("Unblocking…"),
  close: translatable("Close"),
} as const;

/**
 * What a click (or Enter) on a calendar entry or a row of the list opens: a booking with its
 * guest and a way to the conversation about it (POST /messages/start with the booking, which
 * finds or opens it); a block with its private note and 'Unblock'; a hold explained.
 */
export function ItemDialog({ item, onClose }: { item: CalendarItem | null; onClose: () => void }) {
  const _ = useTranslate();
  const locale = useLocale();
  const fetcher = useFetcher<CalendarAnswer>({ key: "calendar-block" });
  const location = useLocation();
  const [sent, setSent] = useState(false);
  const answer = sent && fetcher.state === "idle" ? fetcher.data : undefined;
  const unblocked = answer?.ok === true && answer.intent === "unblock";
  useEffect(() => {
    if (unblocked) onClose();
  }, [unblocked, onClose]);
  if (!item) return null;
  const when = wallRangeText(item.start, item.end, locale, _);
  const title = item.kind === "booking" ? ITEM_COPY.booking : item.kind === "hold" ? ITEM_COPY.hold : item.imported ? ITEM_COPY.imported : ITEM_COPY.block;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={_(title)} description={when} size="sm" placement="sheet">
        <div className="mt-4 space-y-4" data-testid="calendar-item-dialog">
          {item.kind === "booking" && (
            <>
              <p className="font-semibold text-slate-900">{item.title}</p>
              <Form method="post" action="/messages/start">
                <input type="hidden" name="bookingId" value={item.refId} />
                <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
                <Button type="submit" size="md" block>
                  {_(ITEM_COPY.message)}
                </Button>
              </Form>
            </>
          )}
          {item.kind === "hold" && <p className="text-sm text-slate-700">{_(ITEM_COPY.holdText)}</p>}
          {item.kind === "block" && item.imported && <p className="text-sm text-slate-700">{_(ITEM_COPY.importedText)}</p>}
          {item.kind === "block" && !item.imported && (
            <>
              <p className="text-sm whitespace-pre-line text-slate-800">{item.note?.trim() || _(ITEM_COPY.noNote)}</p>
              {answer && !answer.ok && answer.error && <Alert tone="error">{_(answer.error)}</Alert>}
              <fetcher.Form method="post" onSubmit={() => setSent(true)}>
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="from" value={wholeHour(item.start, "down")} />
                <input type="hidden" name="to" value={wholeHour(item.end, "up")} />
                <Button type="submit" variant="danger" size="md" block pending={fetcher.state !== "idle"} pendingText={_(ITEM_COPY.unblocking)}>
                  {_(ITEM_COPY.unblock)}
                </Button>
              </fetcher.Form>
            </>
          )}
          <DialogClose asChild>
            <Button variant="secondary" size="md" block>
              {_(ITEM_COPY.close)}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
