import { getConfig } from "@lingui/conf";
import { describe, expect, it } from "vitest";
import { textExtractor } from "./lingui-text-extractor";

const ctx = { linguiConfig: getConfig({ cwd: process.cwd() }) };

describe("the extraction of translatable() texts (ADR 0294)", () => {
  it("finds them with the English text as their id", async () => {
    const found: { id: string; message?: string }[] = [];
    await textExtractor.extract("x.ts", `const a = translatable("Failed to fetch spaces");\nconst b = translatable('It\\'s "here"');`, (message) => found.push(message), ctx);
    expect(found.map(({ id, message }) => [id, message])).toEqual([
      ["Failed to fetch spaces", "Failed to fetch spaces"],
      [`It's "here"`, `It's "here"`],
    ]);
  });

  it("refuses anything but one string literal", async () => {
    await expect(textExtractor.extract("x.ts", "const a = translatable(`Hello ${name}`);", () => undefined, ctx)).rejects.toThrow("x.ts:1: translatable() takes one string literal");
  });

});
