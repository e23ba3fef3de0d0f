import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./scripts/vite-lingui-macro";
import { isRouteTypegenRace } from "./tests/setup/typegen-race";

/**
 * Two projects: `unit` (pure logic and components) and `integration` (anything
 * that touches a database: files named *.int.test.ts). Integration tests run on
 * embedded PGlite, and again on PostgreSQL when TEST_DB_ENGINE=postgres
 * (scripts/test.js does that when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  // Lingui's macros and .po catalogs, as in the app's build (vite.config.ts, ADR 0293).
  plugins: [linguiMacro(), lingui()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    env: { TZ: "UTC" },
    // Vitest's default is one worker per core less one: a single worker on our 2-core
    // machines, which left a core idle while integration tests waited on PostgreSQL,
    // sockets and child processes. Two cut the PGlite phase by about two thirds (ADR 0271).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two workers' HTTP tests may start dev servers at once (tests/setup/typegen-race.ts).
    onUnhandledError: (error) => !isRouteTypegenRace(error),
    // The PostgreSQL run's migrated template, made once (tests/setup/postgres-template.ts).
    globalSetup: ["tests/setup/postgres-template.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "seed/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.{ts,tsx}", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.{ts,tsx}"],
          exclude: ["node_modules/**", "build/**"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
