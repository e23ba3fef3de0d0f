import { CalendarSearch } from "lucide-react";
import { Form } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { LengthSelect, StartTimeSelect } from "./when-fields";


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
        <StartTimeSelect value="" />
      </Field>
      <Field label="For" id="home-when-hours">
        <LengthSelect value={null} />
      </Field>
      <button type="submit" className={buttonVariants({ variant: "outline", className: "py-2.5" })}>
        <CalendarSearch className="h-4 w-4" aria-hidden="true" />
        Find free times
      </button>
    </Form>
  );
}
