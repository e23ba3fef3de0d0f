import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { busyWindow, slotNote, slotOptions, timeInZone, weekStartOf, type Availability } from "../booking-widget-rules";
import type { Reschedulable } from "../queries.server";
import { todayIn } from "../slots";
import { useBusyRanges } from "./use-busy-ranges";

/** What the /my-bookings action answers to `intent=reschedule`. */
export type RescheduleAnswer = { ok: boolean; error: string | null; moved?: { startTime: string; endTime: string } };

export const RESCHEDULE_COPY = {
  button: "Change time",
  title: "Change the time",
  description: "Move this booking to another free time of the same length. The price and the cancellation terms stay as they are.",
  date: "New date",
  start: "New start time",
  confirm: "Move booking",
  pending: "Moving…",
  keep: "Keep this time",
} as const;

/**
 * The guest's 'Change time' on /my-bookings (issue #26 point 7): a date, then the start
 * times the listing's hours and rules allow and that are free (the booking's own time
 * does not count as taken), from the same rules the booking widget uses; the server
 * checks everything again. Posts `intent=reschedule` to the page's action.
 */
export function RescheduleDialog({ bookingId, reschedule, timeZone, now }: { bookingId: string; reschedule: Reschedulable; timeZone: string; now: Date }) {
  const fetcher = useFetcher<RescheduleAnswer>({ key: `reschedule-${bookingId}` });
  const hydrated = useHydrated();
  // The answer there was when the dialog opened: a newer successful one closes it.
  const [openedWith, setOpenedWith] = useState<{ data: RescheduleAnswer | undefined } | null>(null);
  const [date, setDate] = useState("");
  const [start, setStart] = useState("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const pending = fetcher.state !== "idle";
  const done = openedWith !== null && answer?.ok === true && answer !== openedWith.data;
  const open = openedWith !== null && !done;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);

  const today = todayIn(timeZone, now);
  const window = useMemo(() => busyWindow(weekStartOf(date || today)), [date, today]);
  const { busy, dated } = useBusyRanges(reschedule.spaceId, window);
  const availability: Availability = {
    schedule: { ...reschedule.schedule, dated },
    capacity: reschedule.capacity,
    // The booking's own row is what moves: its time is free to it.
    busy: busy.filter((range) => !(Date.parse(range.start) === Date.parse(reschedule.row.start) && Date.parse(range.end) === Date.parse(reschedule.row.end))),
  };
  const slots = date ? slotOptions(date, availability, reschedule.unit, reschedule.quantity, reschedule.units, now) : [];

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={!hydrated}>
          {RESCHEDULE_COPY.button}
        </Button>
      </DialogTrigger>
      <DialogContent title={RESCHEDULE_COPY.title} size="sm" description={RESCHEDULE_COPY.description}>
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="bookingId" value={bookingId} />
          <Field label={RESCHEDULE_COPY.date} hint={`Times in ${timeZone.replace(/_/g, " ")}`}>
            <Input
              type="date"
              min={today}
              value={date}
              required
              onChange={(event) => {
                setDate(event.target.value);
                setStart("");
              }}
            />
          </Field>
          <Field label={RESCHEDULE_COPY.start}>
            <Select name="startTime" value={start} required disabled={!date} onChange={(event) => setStart(event.target.value)}>
              <option value="">{date ? (slots.length > 0 ? "Choose a time" : "Closed on this date") : "Pick a date first"}</option>
              {slots.map((slot) => (
                <option key={slot.start} value={slot.start} disabled={slot.disabled}>
                  {timeInZone(slot.start, timeZone)}
                  {slot.reason ? ` — ${slotNote(slot.reason)}` : ""}
                </option>
              ))}
            </Select>
          </Field>
          {answer && !answer.ok && answer.error && (
            <Alert tone="error" className="text-sm">
              {answer.error}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md" type="button">
                {RESCHEDULE_COPY.keep}
              </Button>
            </DialogClose>
            <Button size="md" type="submit" disabled={!start} pending={pending} pendingText={RESCHEDULE_COPY.pending}>
              {RESCHEDULE_COPY.confirm}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
