import fs from "node:fs/promises";
import type { Messages } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";

/**
 * A catalog read straight from its .po file and compiled, as @lingui/vite-plugin does on
 * import: for code that runs outside Vite (app/features/i18n/i18n.ts).
 */
export async function readCatalogFile(file: URL): Promise<{ messages: Messages }> {
  const locale = file.pathname.split("/").at(-2) ?? "en";
  const entries = await formatter({ lineNumbers: false }).parse(await fs.readFile(file, "utf8"), { locale, sourceLocale: "en", filename: file.pathname });
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(entries ?? {})) messages[id] = compileMessage(entry.translation || entry.message || id);
  return { messages };
}
