import { processDiagram, processTable } from "./process";

/** The docs/product.md section that shows the booking process, rendered from process.ts. */
export function processDocSection(): string {
  return ["```mermaid", processDiagram(), "```", "", processTable()].join("\n");
}

const START = "<!-- booking-process:start -->";
const END = "<!-- booking-process:end -->";

/** `markdown` with the text between the booking-process markers replaced by `section`. */
export function withProcessDocSection(markdown: string, section: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error("docs/product.md has no booking-process markers");
  return `${markdown.slice(0, start + START.length)}\n${section}\n${markdown.slice(end)}`;
}

/** The section as it stands in `markdown`, between the markers. */
export function currentProcessDocSection(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  return start < 0 || end < start ? "" : markdown.slice(start + START.length, end).trim();
}
