import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatMinor } from "~/lib/money";
import type { PriceLine } from "./price-lines";
import type { PricingUnit } from "./pricing";
import { basisPointsText } from "./requirements";
import { timeLeft } from "./request-rules";

/**
 * The booking screens' texts that take a count (issue #31): "3 hours", in the page's
 * language through `_()`. The English is `durationText`'s, byte for byte. Browser-side only:
 * server modules run under plain tsx too (child-process tests), where the `msg` macro is not compiled.
 */
export function durationMessage(unit: PricingUnit, quantity: number): MessageDescriptor {
  switch (unit) {
    case "hour":
      return msg`${plural(quantity, { one: "# hour", other: "# hours" })}`;
    case "day":
      return msg`${plural(quantity, { one: "# day", other: "# days" })}`;
    case "week":
      return msg`${plural(quantity, { one: "# week", other: "# weeks" })}`;
    case "month":
      return msg`${plural(quantity, { one: "# month", other: "# months" })}`;
  }
}

/** "2 seats" / "1 unit" (`countText` with `unitWords`), in the page's language. */
export function unitsMessage(count: number, words: { one: string; many: string }): MessageDescriptor {
  return words.one === "seat" ? msg`${plural(count, { one: "# seat", other: "# seats" })}` : msg`${plural(count, { one: "# unit", other: "# units" })}`;
}

/** "Seats" / "Units": the widget's field for how many. */
export function unitsLabel(words: { one: string; many: string }): MessageDescriptor {
  return words.one === "seat" ? msg`Seats` : msg`Units`;
}

/** `depositLine` in the page's language, the amount written in its `locale`. */
export function depositMessage(amount: number, currency: string, locale?: string): MessageDescriptor {
  const deposit = formatMinor(amount, currency, locale);
  return msg`Security deposit: ${deposit} — held, not charged`;
}

/** A price line's label (`priceLines`) in the page's language: "Protection (8%)" keeps its rate, written in the page's `locale`. */
export function priceLineMessage(line: PriceLine, locale?: string): MessageDescriptor | string {
  const percent = line.basisPoints !== undefined ? basisPointsText(line.basisPoints, locale) : line.percent;
  if (line.key === "protection" && percent) return msg`Protection (${percent})`;
  return line.label;
}

/** A translated sentence split around one of its values (a link's or a bold part's text), so that part can be wrapped in JSX. */
export function splitAround(sentence: string, part: string): [string, string] {
  const at = sentence.indexOf(part);
  return at < 0 ? [sentence, ""] : [sentence.slice(0, at), sentence.slice(at + part.length)];
}

/**
 * `expiresInText` in the page's language ("Expires in 5 d 3 h 12 min", minutes rounded up):
 * a message per combination of the parts shown, each part with its own plural, so every
 * language words and orders them its way (Intl.DurationFormat is not in Node 20).
 */
export function expiresMessage(expiresAt: Date | string, now: Date): MessageDescriptor {
  const left = timeLeft(expiresAt, now);
  if (left === "expired") return msg`Expired`;
  if (left === "moments") return msg`Expires in less than a minute`;
  const { days, hours, minutes } = left;
  if (days && hours && minutes) return msg`Expires in ${plural(days, { other: "# d" })} ${plural(hours, { other: "# h" })} ${plural(minutes, { other: "# min" })}`;
  if (days && hours) return msg`Expires in ${plural(days, { other: "# d" })} ${plural(hours, { other: "# h" })}`;
  if (days && minutes) return msg`Expires in ${plural(days, { other: "# d" })} ${plural(minutes, { other: "# min" })}`;
  if (hours && minutes) return msg`Expires in ${plural(hours, { other: "# h" })} ${plural(minutes, { other: "# min" })}`;
  if (days) return msg`Expires in ${plural(days, { other: "# d" })}`;
  if (hours) return msg`Expires in ${plural(hours, { other: "# h" })}`;
  return msg`Expires in ${plural(minutes, { other: "# min" })}`;
}
