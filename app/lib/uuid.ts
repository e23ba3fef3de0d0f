/** A UUID in its canonical text form (8-4-4-4-12 hex digits): what PostgreSQL's uuid type accepts and prints. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID; ids from URLs and forms are checked with this before any query. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The largest page number a paginated list accepts: larger ones show the last (empty) page instead of overflowing OFFSET. */
export const MAX_PAGE = 10_000;

/** A page number from a query string: a whole number from 1 to MAX_PAGE, 1 for anything else. */
export function clampPage(value: unknown): number {
  const page = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), MAX_PAGE);
}
