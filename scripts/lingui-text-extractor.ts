import babel from "@lingui/cli/api/extractors/babel";
import type { ExtractorType } from "@lingui/conf";

const CALL = /\btranslatable\(\s*/g;
const LITERAL = /^("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,?\s*\)/;

/**
 * Lingui's own extractor (the `msg` and `t` macros), plus the texts marked with
 * `translatable("…")` (app/features/i18n/translatable.ts, ADR 0294): a plain English
 * string whose id is the text itself, so it can travel as a string (an error from the
 * server, a zod message) and be translated where it is shown. The argument must be one
 * string literal; anything else stops the extraction with the file and line.
 */
export const textExtractor: ExtractorType = {
  match: (filename) => babel.match(filename),
  async extract(filename, code, onMessageExtracted, ctx) {
    await babel.extract(filename, code, onMessageExtracted, ctx);
    if (!code.includes("translatable(") || filename.endsWith("/translatable.ts")) return;
    for (const call of code.matchAll(CALL)) {
      const start = call.index + call[0].length;
      const line = code.slice(0, call.index).split("\n").length;
      if (/^\s*\/\/|^\s*\*/.test(code.slice(code.lastIndexOf("\n", call.index) + 1, call.index))) continue; // a comment
      const literal = LITERAL.exec(code.slice(start));
      if (!literal) throw new Error(`${filename}:${line}: translatable() takes one string literal`);
      const raw = literal[1]!;
      const message = raw.startsWith("'") ? JSON.parse(`"${raw.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) : JSON.parse(raw);
      onMessageExtracted({ id: message, message, origin: [filename, line] });
    }
  },
};
