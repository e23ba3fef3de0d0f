-- Extensions used by later migrations: btree_gist for the calendar's exclusion
-- constraint, pg_trgm for indexed case-insensitive substring search.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
