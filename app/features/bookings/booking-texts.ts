import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatMinor } from "~/lib/money";
import type { PriceLine } from "./price-lines";
import type { PricingUnit } from "./pricing";
import { expiresInText } from "./request-rules";

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

/** `depositLine` in the page's language. */
export function depositMessage(amount: number, currency: string): MessageDescriptor {
  const deposit = formatMinor(amount, currency);
  return msg`Security deposit: ${deposit} — held, not charged`;
}

/** A price line's label (`priceLines`) in the page's language: "Protection (8%)" keeps its rate. */
export function priceLineMessage(line: PriceLine): MessageDescriptor | string {
  const percent = line.percent;
  if (line.key === "protection" && percent) return msg`Protection (${percent})`;
  return line.label;
}

/** A translated sentence split around one of its values (a link's or a bold part's text), so that part can be wrapped in JSX. */
export function splitAround(sentence: string, part: string): [string, string] {
  const at = sentence.indexOf(part);
  return at < 0 ? [sentence, ""] : [sentence.slice(0, at), sentence.slice(at + part.length)];
}

/** `expiresInText` in the page's language ("Expires in 5 h 12 min"). */
export function expiresMessage(expiresAt: Date | string, now: Date): MessageDescriptor {
  const text = expiresInText(expiresAt, now);
  if (text === "Expired") return msg`Expired`;
  if (text === "Expires in less than a minute") return msg`Expires in less than a minute`;
  const left = text.slice("Expires in ".length);
  return msg`Expires in ${left}`;
}
