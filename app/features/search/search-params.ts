import { z } from "~/lib/zod";
import { findRegion, type RegionId } from "./regions";
import { EXPLORE_MAX_PAGE, MAX_QUERY_LENGTH } from "./search-links";

export { EXPLORE_MAX_PAGE, EXPLORE_PAGE_SIZE, exploreHref, HOME_SEARCH_LIMIT, HOME_SECTION_LIMIT, MAX_QUERY_LENGTH } from "./search-links";

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are dropped from every filter. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Free text: trimmed, inner whitespace collapsed, cut to a sane length (a 10 000-character query still searches). */
const text = z
  .string()
  .catch("")
  .transform((value) => value.replace(CONTROL_CHARACTERS, "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH));

/** A type or location value; anything odd becomes "no filter" or simply matches nothing. */
const token = z
  .string()
  .catch("")
  .transform((value) => value.replace(CONTROL_CHARACTERS, "").trim().slice(0, 100));

const page = z.coerce
  .number()
  .catch(1)
  .transform((value) => (Number.isFinite(value) ? Math.min(EXPLORE_MAX_PAGE, Math.max(1, Math.trunc(value))) : 1));

export const homeSearchSchema = z.object({
  q: text.default(""),
  category: token.default(""),
  region: z
    .string()
    .catch("")
    .default("")
    .transform((value): RegionId | null => findRegion(value)?.id ?? null),
});
export type HomeSearch = z.infer<typeof homeSearchSchema>;

export const exploreSearchSchema = z.object({
  q: text.default(""),
  type: token.default(""),
  location: token.default(""),
  page: page.default(1),
});
export type ExploreSearch = z.infer<typeof exploreSearchSchema>;

function firstValues(params: URLSearchParams) {
  const values: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in values)) values[key] = value;
  return values;
}

/** Reads the home page's search parameters; never throws. */
export function parseHomeSearch(params: URLSearchParams): HomeSearch {
  return homeSearchSchema.parse(firstValues(params));
}

/** Reads /explore's filters; never throws. */
export function parseExploreSearch(params: URLSearchParams): ExploreSearch {
  return exploreSearchSchema.parse(firstValues(params));
}

/** `%`, `_` and `\` match themselves inside an ILIKE pattern. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
