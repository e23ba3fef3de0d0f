import { CURRENCIES, type Currency } from "~/db/listing-enums";
import { z } from "~/lib/zod";
import { CURRENCY_TEXT } from "./currency-text";

/**
 * The currency menu's form (issue #31 point 4, ADR 0292): one of CURRENCIES, or "" for
 * each listing's own (no estimate shown), and the page to go back to.
 */
export const currencyChoiceSchema = z.object({
  currency: z.union([z.literal(""), z.enum(CURRENCIES)], { error: CURRENCY_TEXT.invalidChoice }),
  returnTo: z.string().max(2048).optional(),
});

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** A same-site path to return to ("/explore?q=x"); anything else (another origin, "//host", "/\\host") is "/". */
export function safeReturnPath(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (Array.from(value).some((char) => char.charCodeAt(0) < 0x20)) return "/";
  return value;
}
