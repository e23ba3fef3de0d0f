/**
 * A browser check of the Stripe payment step (ADR 0130), run by hand after
 * `npx react-router build`:  npx tsx tests/stripe/browser-check.ts
 *
 * Starts the local Stripe-compatible server and the built app with
 * PAYMENT_PROVIDER=stripe (port 3202), then in Chromium at 1280 and 390 px books a
 * slot, pays on the payment step and waits for "Booking Confirmed!". This machine
 * cannot reach Stripe, so https://js.stripe.com is answered with a stand-in for
 * Stripe.js (tests/stripe/stripe-js-stand-in.js) and https://api.stripe.com with the
 * local server's intent, marked paid. The page's CSP still applies to both addresses.
 * Screenshots go to SHOTS_DIR (default /tmp/shots-stripe). Not part of `npm test`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../setup/chromium";
import { StripeTestServer } from "./stripe-test-server";

const PORT = 3202;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-stripe";
const DATA_DIR = path.join(SHOTS, "data");
const STAND_IN = fs.readFileSync(new URL("./stripe-js-stand-in.js", import.meta.url), "utf8");

fs.mkdirSync(SHOTS, { recursive: true });
fs.rmSync(DATA_DIR, { recursive: true, force: true });
const fake = await new StripeTestServer().start();
const server = spawn("node", ["server/index.js"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR,
    SITE_URL: BASE,
    LOG_LEVEL: "error",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_browser_check",
    STRIPE_WEBHOOK_SECRET: "whsec_browser_check",
    STRIPE_API_URL: fake.url,
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    const ok = await fetch(`${BASE}/healthz`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not start");
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined });
  for (const [width, height, weeks] of [
    [1280, 900, 3],
    [390, 844, 5],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused/.test(message.text())) refused.push(message.text());
    });
    await page.route("https://js.stripe.com/**", (route) => route.fulfill({ contentType: "application/javascript", body: STAND_IN }));
    await page.route("https://api.stripe.com/**", async (route) => {
      const id = new URL(route.request().url()).pathname.split("/")[3]!;
      fake.succeed(id);
      await route.fulfill({ contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: JSON.stringify(fake.intents.get(id)) });
    });
    await page.goto(`${BASE}/`);
    const signUp = await page.request.post(`${BASE}/auth/sign-up`, { form: { email: `stripe-check-${width}-${Date.now()}@example.test`, password: "stripe-check-pw-2026" } });
    if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}`);
    await page.goto(`${BASE}/space/midtown-mixing-suite-with-live-room/new-york`);
    const grid = page.getByRole("region", { name: "Weekly availability" });
    await grid.waitFor();
    for (let week = 0; week < weeks; week++) {
      const range = await grid.getByTestId("week-range").textContent();
      await grid.getByRole("button", { name: "Next week" }).click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="week-range"]')?.textContent !== before, range);
    }
    await grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "10:00", exact: true }) }).getByRole("button").nth(1).click();
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const form = page.getByRole("form", { name: "Payment details" });
    await form.getByText("stand-in for Stripe").waitFor();
    const pay = form.getByRole("button", { name: /^Pay / });
    await page.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => /^Pay /.test(button.textContent ?? "") && !button.disabled));
    await page.getByRole("region", { name: "Booking", exact: true }).screenshot({ path: path.join(SHOTS, `step-${width}.png`) });
    await pay.click();
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS, `confirmed-${width}.png`) });
    process.stdout.write(`${width} px: confirmed at ${new URL(page.url()).pathname}; CSP refusals: ${refused.length}\n`);
    await page.close();
  }
  await browser.close();
} finally {
  server.kill("SIGTERM");
  await fake.stop();
}
