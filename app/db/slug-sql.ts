import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The slug rule of docs/product.md#slugs in SQL (the twin of `slugify` in
 * app/features/listings/slug.ts), so a lookup by address runs in the database. The
 * schema indexes this very expression on a listing's title and location
 * (spaces_slug_idx), so keep the two in step: the planner matches it only as written.
 */
export function slugSql(text: AnyColumn | SQL) {
  return sql<string>`lower(trim(both '-' from regexp_replace(${text}, '[^A-Za-z0-9]+', '-', 'g')))`;
}
