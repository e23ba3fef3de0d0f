import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/setup/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${PORT}`;

const launchOptions = {
  executablePath: chromiumPath() ?? undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/** Specs that make HTTP requests or start processes and open no page. */
const WITHOUT_BROWSER = /(server|links)\.spec\.ts/;

/**
 * End-to-end journeys against the built app on a fresh embedded database with
 * the demo data, at a desktop and a phone width.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]]
    : [["list"]],
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  projects: [
    {
      name: "desktop",
      testIgnore: WITHOUT_BROWSER,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    { name: "phone", testIgnore: WITHOUT_BROWSER, use: { ...devices["Pixel 7"], launchOptions } },
    // Process-level checks of the built server and the link and sitemap crawls (HTTP
    // requests only): they need no browser width, so they run once, not at each width.
    { name: "server", testMatch: WITHOUT_BROWSER },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node server/index.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      SITE_URL: baseURL,
      LOG_LEVEL: "error",
      // One trusted proxy hop: each journey names its own client address (tests/e2e/support/fixtures.ts).
      TRUST_PROXY: "1",
      // Journeys may name their own "now" (X-Test-Now) and run a job at it (ADR 0095).
      TEST_CLOCK: "1",
    },
  },
});
