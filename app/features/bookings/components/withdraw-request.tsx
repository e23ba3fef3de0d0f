import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { useHydrated } from "~/ui/use-hydrated";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";

export const WITHDRAW_COPY = {
  button: translatable("Withdraw request"),
  title: translatable("Withdraw this request?"),
  keep: translatable("Keep the request"),
  confirm: translatable("Yes, withdraw"),
  pending: translatable("Withdrawing…"),
} as const;

/** Where the guest's withdrawal is posted: /my-bookings' action, intent `withdraw` (`closeRequest` by the guest, ADR 0280). */
export const WITHDRAW_ACTION = "/my-bookings";

export type WithdrawResult = { ok: boolean; error: string | null };

/**
 * The withdrawal of one request, shared by every place that offers it (My Bookings, the
 * booking's page, the confirmation page): one fetcher per booking, so the button and the
 * page around it read the same answer.
 */
export function useWithdrawRequest(bookingId: string) {
  const fetcher = useFetcher<WithdrawResult>({ key: `withdraw-${bookingId}` });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return { fetcher, result, withdrawn: result?.ok === true, pending: fetcher.state !== "idle" };
}

/**
 * 'Withdraw request' with its confirm dialog, for the booking's guest while the request is
 * open: the host is told, the time is free again and the card's authorisation is released.
 * The server decides (a request already answered or expired is refused with its message).
 */
export function WithdrawRequestDialog({ bookingId, spaceTitle, when }: { bookingId: string; spaceTitle: string; /** The booking's time as the page shows it. */ when: string }) {
  const _ = useTranslate();
  const { fetcher, pending } = useWithdrawRequest(bookingId);
  const [open, setOpen] = useState(false);
  // Before hydration the dialog cannot open: the button says so by being disabled.
  const hydrated = useHydrated();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={!hydrated} pending={pending} pendingText={_(WITHDRAW_COPY.pending)}>
          {_(WITHDRAW_COPY.button)}
        </Button>
      </DialogTrigger>
      <DialogContent title={_(WITHDRAW_COPY.title)} size="sm" description={_(msg`The host is told, the time is free again, and your card is not charged.`)}>
        <p className="mt-4 text-slate-800">
          {spaceTitle}, {when}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" size="md">
              {_(WITHDRAW_COPY.keep)}
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            size="md"
            pending={pending}
            onClick={() => {
              void fetcher.submit({ intent: "withdraw", bookingId }, { method: "post", action: WITHDRAW_ACTION });
              setOpen(false);
            }}
          >
            {_(WITHDRAW_COPY.confirm)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The dialog with the server's refusal above it, for a page that has no other place for it (the booking's page, the confirmation page). */
export function WithdrawRequest({ bookingId, spaceTitle, when, className }: { bookingId: string; spaceTitle: string; when: string; className?: string }) {
  const _ = useTranslate();
  const { result } = useWithdrawRequest(bookingId);
  return (
    <div className={cn("space-y-2", className)}>
      {result && !result.ok && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {result.error ? _(result.error) : null}
        </p>
      )}
      <WithdrawRequestDialog bookingId={bookingId} spaceTitle={spaceTitle} when={when} />
    </div>
  );
}
