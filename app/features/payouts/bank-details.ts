import { electronicFormatIBAN, extractIBAN, isValidIBAN } from "ibantools";
import { CURRENCIES } from "~/db/listing-enums";
import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";

/**
 * The built-in payout provider's onboarding form (issue #13, ADR 0120): one schema
 * for the browser and the action. "Save and finish later" (intent=save) keeps what
 * is valid so far; "Finish" (intent=finish) needs everything, with the IBAN's check
 * digits (ibantools) or the US routing number's ABA checksum.
 */
export const PAYOUT_COUNTRIES = [
  { code: "US", name: translatable("United States") },
  { code: "GB", name: translatable("United Kingdom") },
  { code: "DE", name: translatable("Germany") },
  { code: "FR", name: translatable("France") },
  { code: "ES", name: translatable("Spain") },
  { code: "IT", name: translatable("Italy") },
  { code: "NL", name: translatable("Netherlands") },
  { code: "IE", name: translatable("Ireland") },
] as const;

export const BANK_TEXT = {
  holder: translatable("Enter the account holder's name"),
  country: translatable("Choose the bank's country"),
  currency: translatable("Choose the payout currency"),
  iban: translatable("Enter a valid IBAN"),
  ibanCountry: translatable("The IBAN belongs to another country than the one chosen"),
  routing: translatable("Enter a valid 9-digit routing number"),
  account: translatable("Enter the account number (4 to 17 digits)"),
} as const;

const countryCodes = PAYOUT_COUNTRIES.map((country) => country.code) as [string, ...string[]];

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** An IBAN as typed (spaces, lower case) in its electronic form, or null when its check digits fail. */
export function normalizeIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value) ?? "";
  return isValidIBAN(electronic) ? electronic : null;
}

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((value) => value || undefined);

export const bankDetailsSchema = z
  .object({
    intent: z.enum(["save", "finish"]).default("finish"),
    accountHolder: optionalText(120),
    country: z.enum(countryCodes, { error: BANK_TEXT.country }).optional().or(z.literal("").transform(() => undefined)),
    currency: z.enum(CURRENCIES, { error: BANK_TEXT.currency }).optional().or(z.literal("").transform(() => undefined)),
    iban: optionalText(42),
    routingNumber: optionalText(20),
    accountNumber: optionalText(30),
  })
  .superRefine((value, ctx) => {
    const finishing = value.intent === "finish";
    const need = (present: unknown, path: string, message: string) => {
      if (finishing && !present) ctx.addIssue({ code: "custom", path: [path], message });
    };
    need(value.accountHolder, "accountHolder", BANK_TEXT.holder);
    need(value.country, "country", BANK_TEXT.country);
    need(value.currency, "currency", BANK_TEXT.currency);
    if (value.country === "US") {
      if (value.routingNumber !== undefined && !isValidRoutingNumber(value.routingNumber.replace(/[\s-]/g, ""))) ctx.addIssue({ code: "custom", path: ["routingNumber"], message: BANK_TEXT.routing });
      else need(value.routingNumber, "routingNumber", BANK_TEXT.routing);
      if (value.accountNumber !== undefined && !/^\d{4,17}$/.test(value.accountNumber.replace(/[\s-]/g, ""))) ctx.addIssue({ code: "custom", path: ["accountNumber"], message: BANK_TEXT.account });
      else need(value.accountNumber, "accountNumber", BANK_TEXT.account);
    } else if (value.country !== undefined) {
      const iban = value.iban === undefined ? undefined : normalizeIban(value.iban);
      if (value.iban !== undefined && !iban) ctx.addIssue({ code: "custom", path: ["iban"], message: BANK_TEXT.iban });
      else if (iban && extractIBAN(iban).countryCode !== value.country) ctx.addIssue({ code: "custom", path: ["iban"], message: BANK_TEXT.ibanCountry });
      else need(value.iban, "iban", BANK_TEXT.iban);
    }
  });

export type BankDetailsInput = z.input<typeof bankDetailsSchema>;
export type BankDetails = z.output<typeof bankDetailsSchema>;
