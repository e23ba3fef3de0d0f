import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { Plus, X } from "lucide-react";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { Select } from "~/ui/input";
import { dayProblem, hourOf, hourText, RULE_LIMITS, type HoursRange } from "../schedule";

const STARTS = Array.from({ length: 24 }, (_, hour) => hourText(hour));
const ENDS = Array.from({ length: 24 }, (_, hour) => hourText(hour + 1));

/** The range a new opening gets: after the last one, four hours long, or 09:00–17:00. */
export function nextRange(ranges: readonly HoursRange[]): HoursRange {
  const last = ranges.reduce((max, range) => Math.max(max, hourOf(range.end) ?? 0), 0);
  if (ranges.length === 0 || last >= 24) return { start: "09:00", end: "17:00" };
  return { start: hourText(last), end: hourText(Math.min(24, last + 4)) };
}

/**
 * One day's openings: a start and an end select per range (whole hours, an end may be
 * 24:00), a remove button each, and 'Add hours'. `label` names the day for every control
 * ("Monday opening 1 from"). The day's problem (overlap, inverted range) shows under it.
 */
export function HoursRangesEditor({
  label,
  ranges,
  onChange,
  invalid = false,
  idPrefix,
}: {
  label: string;
  ranges: HoursRange[];
  onChange: (ranges: HoursRange[]) => void;
  invalid?: boolean;
  idPrefix: string;
}) {
  const _ = useTranslate();
  const problem = dayProblem(ranges);
  const errorId = `${idPrefix}-problem`;
  const set = (index: number, part: keyof HoursRange, value: string) => onChange(ranges.map((range, i) => (i === index ? { ...range, [part]: value } : range)));
  const markInvalid = invalid || problem !== null;
  return (
    <div className="space-y-2">
      {ranges.map((range, index) => {
        const position = index + 1;
        const opening = `${range.start}–${range.end}`;
        return (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <TimeSelect
            id={`${idPrefix}-${index}-start`}
            label={_(msg`${label} opening ${position} from`)}
            value={range.start}
            options={STARTS}
            onChange={(value) => set(index, "start", value)}
            invalid={markInvalid}
            describedBy={problem ? errorId : undefined}
          />
          <span aria-hidden="true" className="text-slate-500">
            –
          </span>
          <TimeSelect
            id={`${idPrefix}-${index}-end`}
            label={_(msg`${label} opening ${position} until`)}
            value={range.end}
            options={ENDS}
            onChange={(value) => set(index, "end", value)}
            invalid={markInvalid}
            describedBy={problem ? errorId : undefined}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={_(msg`Remove ${label} opening ${opening}`)}
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
        );
      })}
      <Button
        variant="link"
        size="text"
        aria-label={_(msg`Add hours on ${label}`)}
        disabled={ranges.length >= RULE_LIMITS.rangesPerDay}
        onClick={() => onChange([...ranges, nextRange(ranges)])}
      >
        <Plus className="size-4" aria-hidden="true" /> {_(msg`Add hours`)}
      </Button>
      <FieldError id={errorId} message={problem ? _(problem) : null} />
    </div>
  );
}

/** One end of an opening, labelled for screen readers ("Monday opening 1 from"). */
function TimeSelect(props: { id: string; label: string; value: string; options: string[]; onChange: (value: string) => void; invalid: boolean; describedBy: string | undefined }) {
  return (
    <>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <Select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)} className="w-28" aria-invalid={props.invalid || undefined} aria-describedby={props.describedBy}>
        {withCurrent(props.options, props.value).map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </Select>
    </>
  );
}

/** The options, with a stored value that is not among them (never on whole hours) kept so it shows. */
function withCurrent(options: string[], current: string) {
  return options.includes(current) ? options : [current, ...options];
}
