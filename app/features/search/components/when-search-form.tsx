import { msg } from "@lingui/core/macro";
import { CalendarSearch } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
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
  const _ = useTranslate();
  return (
    <Form method="get" action="/explore" aria-label={_(msg`Search by date and time`)} className="mt-3 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {q && <input type="hidden" name="q" value={q} />}
      {type && <input type="hidden" name="type" value={type} />}
      <Field label={_(msg`Date`)} id="home-when-date">
        <Input type="date" name="date" min={today} required />
      </Field>
      <Field label={_(msg`Start time`)} id="home-when-time">
        <StartTimeSelect value="" />
      </Field>
      <Field label={_(msg({ message: "For", comment: "The length of a search by time: For [2 hours]" }))} id="home-when-hours">
        <LengthSelect value={null} />
      </Field>
      <button type="submit" className={buttonVariants({ variant: "outline", className: "py-2.5" })}>
        <CalendarSearch className="h-4 w-4" aria-hidden="true" />
        {_(msg`Find free times`)}
      </button>
    </Form>
  );
}
