// `npm test`: typecheck, lint, unit and integration tests on embedded PGlite, the
// integration tests again on PostgreSQL when TEST_DATABASE_URL is set, then the
// Playwright journeys against the built app in Chromium.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "test-results");
fs.mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedSteps = [];

function run(title, command, args, extraEnv = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`━━ ${title}: ${ok ? "ok" : "FAILED"} (${seconds} s)`);
  if (!ok) failedSteps.push(title);
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numTotalTests === 0 ? 1 : 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
  totals.failed += report.stats?.unexpected ?? 0;
  // A retried test is a defect to fix even when the retry passed: name every one.
  const retried = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if ((test.results ?? []).length > 1) {
          const outcome = test.status === "flaky" ? "passed on retry (flaky)" : "failed after retry";
          retried.push(`[${test.projectName}] ${[...trail, spec.title].join(" › ")} (${spec.file}:${spec.line}): ${outcome}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  if (retried.length > 0) {
    console.log(`\nRetried end-to-end tests (${retried.length}):`);
    for (const line of retried) console.log(`  ${line}`);
  } else {
    console.log("\nNo end-to-end test was retried.");
  }
}

const chromium = ["CHROME_PATH", "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .map((candidate) => (candidate === "CHROME_PATH" ? process.env.CHROME_PATH : candidate))
  .find((candidate) => candidate && fs.existsSync(candidate));

/** Steps side by side (each single-threaded, so two use both cores), their output kept apart and printed in order. */
async function runSideBySide(steps) {
  const outcomes = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => resolve({ title, ok: status === 0, output: Buffer.concat(output), seconds: ((Date.now() - started) / 1000).toFixed(1) }));
        }),
    ),
  );
  for (const { title, ok, output, seconds } of outcomes) {
    console.log(`\n━━ ${title} ━━`);
    process.stdout.write(output);
    console.log(`━━ ${title}: ${ok ? "ok" : "FAILED"} (${seconds} s, side by side)`);
    if (!ok) failedSteps.push(title);
  }
}

// Typecheck and lint side by side: each uses one core.
if (run("Route types", "npx", ["react-router", "typegen"])) {
  await runSideBySide([
    { title: "Typecheck", command: "npx", args: ["tsc"] },
    { title: "Lint", command: "npx", args: ["eslint", ".", "--max-warnings", "0"] },
  ]);
} else {
  run("Lint", "npx", ["eslint", ".", "--max-warnings", "0"]);
}

// The build comes first: integration tests of the server process (server/*.int.test.ts)
// start the built app, and the browser suite needs it too.
const built = run("Build", "npx", ["react-router", "build"]);

const vitestPglite = path.join(resultsDir, "vitest-pglite.json");
fs.rmSync(vitestPglite, { force: true });
run("Unit and integration tests (PGlite)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestPglite}`], { TEST_DB_ENGINE: "pglite" });
countVitest(vitestPglite);

if (process.env.TEST_DATABASE_URL) {
  const vitestPostgres = path.join(resultsDir, "vitest-postgres.json");
  fs.rmSync(vitestPostgres, { force: true });
  run("Integration tests (PostgreSQL)", "npx", ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestPostgres}`], { TEST_DB_ENGINE: "postgres" });
  countVitest(vitestPostgres);
} else {
  console.log("\nTEST_DATABASE_URL is not set: integration tests ran on PGlite only.");
}

let browserSuite = "did not run";
if (chromium) {
  if (built) {
    const e2eReport = path.join(resultsDir, "playwright.json");
    fs.rmSync(e2eReport, { force: true });
    run("End-to-end tests (Chromium)", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, CHROME_PATH: chromium });
    countPlaywright(e2eReport);
    browserSuite = "ran";
  }
} else if (process.env.CI) {
  console.error("\nCI=true and no Chromium was found (CHROME_PATH, /usr/bin/chromium): the browser suite is required in CI.");
  failedSteps.push("End-to-end tests (no Chromium)");
} else {
  console.log(
    "\nThe browser suite did NOT run: no Chromium found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH, then run `npm test` again.",
  );
}

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
if (browserSuite !== "ran") console.log("Browser suite: did not run.");
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
