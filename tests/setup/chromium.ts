import fs from "node:fs";

/** The Chromium to drive: CHROME_PATH, else Debian's package. Null when none is installed. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate))) ?? null;
}
