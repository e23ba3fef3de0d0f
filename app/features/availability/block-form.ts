import { addDays } from "~/features/bookings/slots";
import { parseForm } from "~/lib/forms";
import { isDate } from "./host-calendar-view";
import { blockSchema } from "./schedule-form";

/**
 * The block dialog's fields as `blockSchema` reads them. The dialog asks either for whole
 * days (`wholeDays=on`, `firstDay` and `lastDay`, both included) or for hours (`from` and
 * `to` as local "YYYY-MM-DDTHH:00", `to` excluded); whole days become 00:00 of the first
 * day to 00:00 of the day after the last. Run by the dialog before it sends and by the action.
 */
export function blockFormValues(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const note = text("note");
  if (form.get("wholeDays") !== "on") return { from: text("from"), to: text("to"), note };
  const first = text("firstDay");
  const last = text("lastDay");
  return { from: isDate(first) ? `${first}T00:00` : first, to: isDate(last) ? `${addDays(last, 1)}T00:00` : last, note };
}

/** The block form through the one pipeline (`parseForm(blockSchema, …)`), whole days included. */
export const parseBlockForm = (form: FormData) => parseForm(blockSchema, blockFormValues(form));
