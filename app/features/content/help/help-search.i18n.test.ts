import { describe, expect, it } from "vitest";
import { HELP_CATEGORIES } from "./help-articles";
import { searchHelp } from "./help-search";

/** A stand-in for the page's `_` in Spanish: two known texts, the rest unchanged. */
const spanish: Record<string, string> = {
  "What payment methods do you accept?": "¿Qué métodos de pago aceptan?",
  Booking: "Reservas",
};
const translate = (text: string) => spanish[text] ?? text;

describe("searchHelp in the page's language", () => {
  it("returns the translated texts", () => {
    const [booking] = searchHelp(HELP_CATEGORIES, "", translate);
    expect(booking!.title).toBe("Reservas");
    expect(booking!.articles[0]!.question).toBe("¿Qué métodos de pago aceptan?");
  });

  it("matches the translated text, accent-insensitively", () => {
    const result = searchHelp(HELP_CATEGORIES, "metodos de pago", translate);
    expect(result.flatMap((c) => c.articles.map((a) => a.id))).toEqual(["payment-methods"]);
  });

  it("still matches the English text", () => {
    const result = searchHelp(HELP_CATEGORIES, "payment methods", translate);
    expect(result.flatMap((c) => c.articles.map((a) => a.question))).toEqual(["¿Qué métodos de pago aceptan?"]);
  });
});
