import { CalendarSearch } from "lucide-react";
import { Form } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";

const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`);
/** 2 to 24 hours (1 hour is the empty choice). */
const LENGTHS = Array.from({ length: 23 }, (_, i) => i + 2);

/**
 * The home search's 'when' (issue #27 point 1): a date, a start time (or any time) and a
 * length, sent with the home search's text and category to /explore, which shows what is
 * free then. A plain GET form: it works without JavaScript.
 */
export function WhenSearchForm({ q, type, today }: { q: string; type: string; today: string }) {
  return (
    <Form method="get" action="/explore" aria-label="Search by date and time" className="mt-3 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {q && <input type="hidden" name="q" value={q} />}
      {type && <input type="hidden" name="type" value={type} />}
      <Field label="Date" id="home-when-date">
        <Input type="date" name="date" min={today} required />
      </Field>
      <Field label="Start time" id="home-when-time">
        <Select name="time" defaultValue="">
          <option value="">Any time</option>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="For" id="home-when-hours">
        <Select name="hours" defaultValue="">
          <option value="">1 hour</option>
          {LENGTHS.map((hours) => (
            <option key={hours} value={hours}>
              {hours} hours
            </option>
          ))}
        </Select>
      </Field>
      <button type="submit" className={buttonVariants({ variant: "outline", className: "py-2.5" })}>
        <CalendarSearch className="h-4 w-4" aria-hidden="true" />
        Find free times
      </button>
    </Form>
  );
}
