import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure logic and components) and `integration` (anything
 * that touches a database: files named *.int.test.ts). Integration tests run on
 * embedded PGlite, and again on PostgreSQL when TEST_DB_ENGINE=postgres
 * (scripts/test.js does that when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    env: { TZ: "UTC" },
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
