import { describe, expect, it } from "vitest";
import { AREAS } from "~/features/i18n/areas";
import { LOCALES } from "~/lib/locales";
import { catalogProblems, disagreements, parsePo, placeholders, readCatalog } from "./i18n-catalogs";

const po = (entries: [string, string][]) =>
  [`msgid ""\nmsgstr ""\n"Language: xx\\n"\n`, ...entries.map(([id, str]) => `msgid "${id}"\nmsgstr "${str}"\n`)].join("\n");

describe("the language catalogs (ADR 0293)", () => {
  it.each(AREAS)("every language carries every English message of %s, translated, with the same placeholders", async (area) => {
    const source = await readCatalog("en", area);
    // English is the source: each message is its own translation.
    for (const [message, translation] of source) expect(translation).toBe(message.split("\u0004")[0]);
    for (const locale of LOCALES.filter((locale) => locale !== "en")) {
      expect(catalogProblems(locale, source, await readCatalog(locale, area))).toEqual([]);
    }
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))("gives a message used in several areas one %s translation", async (locale) => {
    expect(await disagreements(locale, AREAS)).toEqual([]);
  });

  it("has the shell's texts in the home page's first catalog", async () => {
    const core = await readCatalog("en", "core");
    expect(core.size).toBeGreaterThan(40);
    expect(core.has("Skip to content")).toBe(true);
  });

  it("fails for a missing message, an untranslated one, and a lost, renamed or extra placeholder", async () => {
    const source = await parsePo(
      po([
        ["Account menu for {name}", "Account menu for {name}"],
        ["{count, plural, one {# unread conversation} other {# unread conversations}}", "{count, plural, one {# unread conversation} other {# unread conversations}}"],
        ["Read <0>the terms</0>", "Read <0>the terms</0>"],
        ["Sign Out", "Sign Out"],
        ["Language", "Language"],
      ]),
      "en",
    );
    const broken = await parsePo(
      po([
        ["Account menu for {name}", "Menú de la cuenta de {nombre}"],
        ["{count, plural, one {# unread conversation} other {# unread conversations}}", "# conversaciones sin leer"],
        ["Read <0>the terms</0>", "Lee las condiciones"],
        ["Language", ""],
        ["Old text", "Texto viejo"],
      ]),
      "es",
    );
    expect(catalogProblems("es", source, broken)).toEqual([
      'es: "Account menu for {name}" has placeholders {nombre}, the source {name}',
      'es: "{count, plural, one {# unread conversation} other {# unread conversations}}" has placeholders (none), the source {count, plural}',
      'es: "Read <0>the terms</0>" has placeholders (none), the source <0>',
      'es: missing message "Sign Out"',
      'es: "Language" is not translated',
      'es: "Old text" is not in the English source',
    ]);
  });

  it("reads placeholders inside plural and select branches", () => {
    expect(placeholders("{count, plural, one {# night with {host}} other {# nights}}")).toEqual(["{count, plural}", "{host}"]);
    expect(placeholders("{role, select, host {Your guest} other {Your host}} wrote")).toEqual(["{role, select}"]);
  });
});
