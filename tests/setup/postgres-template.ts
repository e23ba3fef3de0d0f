import type { TestProject } from "vitest/node";
import { openDatabase, runMigrations } from "~/lib/db.server";
import { createScratchPostgres } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test file's database is copied from (TEST_DB_ENGINE=postgres), or "" on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup for the PostgreSQL run: the migrations applied once, to a template
 * database that each test file's database is then created from (`CREATE DATABASE … TEMPLATE`),
 * instead of applying every migration again per file. Dropped when the run ends. PGlite
 * test files start from their own snapshot (test-database.ts) and need none.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_ENGINE !== "postgres" || !process.env.TEST_DATABASE_URL) {
    project.provide("postgresTemplate", "");
    return;
  }
  const template = await createScratchPostgres("rentwell_template");
  const database = await openDatabase({ engine: "postgres", url: template.url, max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
