import { msg, plural } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { Select } from "~/ui/input";

const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`);
/** 2 to 24 hours (1 hour is the empty choice). */
const LENGTHS = Array.from({ length: 23 }, (_, i) => i + 2);

/** The start of a search by when: 'Any time' (the first free hours) or a whole hour. Use inside a Field. */
export function StartTimeSelect({ value }: { value: string }) {
  const _ = useTranslate();
  return (
    <Select name="time" defaultValue={value} key={`time-${value}`}>
      <option value="">{_(msg`Any time`)}</option>
      {HOURS.map((hour) => (
        <option key={hour} value={hour}>
          {hour}
        </option>
      ))}
    </Select>
  );
}

/** The length of a search by when, 1 to 24 hours. Use inside a Field. */
export function LengthSelect({ value }: { value: number | null }) {
  const _ = useTranslate();
  return (
    <Select name="hours" defaultValue={value ?? ""} key={`hours-${value}`}>
      <option value="">{_(msg`1 hour`)}</option>
      {LENGTHS.map((hours) => (
        <option key={hours} value={hours}>
          {_(msg`${plural(hours, { one: "# hour", other: "# hours" })}`)}
        </option>
      ))}
    </Select>
  );
}
