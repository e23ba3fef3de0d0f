/**
 * Marks an English text as translatable while keeping it a plain string (ADR 0294): an
 * error a server function returns, a zod message, a label in a table of constants. Its id
 * in the catalogs is the text itself (`npm run i18n:extract` finds it; the argument must be
 * one string literal), and it is translated where it is shown: `_(text)` from
 * `useTranslate()`, or `translate(i18n, text)` on the server. A text with values is written
 * with the `msg` macro instead.
 */
export function translatable<const Text extends string>(text: Text): Text {
  return text;
}
