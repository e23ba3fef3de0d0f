import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { slugify } from "~/features/listings/slug";
import { expect, test as base } from "#tests/e2e/support/fixtures";
import { freePort } from "#tests/setup/free-port";
import { startS3Server } from "#tests/setup/s3-server";
import { startServer } from "#tests/setup/server-process";

/**
 * Issue #30 point 2: with MEDIA_STORAGE=s3 a host's photo, uploaded through the real
 * listing form, shows on the space page loaded from the bucket. The suite's own server
 * keeps local storage, so this journey starts an S3-compatible server (s3rver) and the
 * built app with the S3 settings of its own, and its pages talk to that app.
 */
type S3App = { url: string; s3Origin: string };

const test = base.extend<object, { s3App: S3App }>({
  /** s3rver and the built app on an empty embedded database, once per Playwright worker. */
  s3App: [
    async ({ browserName: _ }, provide) => {
      const s3 = await startS3Server();
      const port = await freePort();
      const dataDir = path.resolve(`tmp/e2e-s3-data-${port}`);
      try {
        const app = await startServer({
          PORT: String(port),
          DATA_DIR: dataDir,
          // An empty database: the journey makes its own host and listing (faster than the demo data).
          SEED_DEMO_DATA: "false",
          WEB_CONCURRENCY: "1",
          LOG_LEVEL: "error",
          TRUST_PROXY: "1",
          TEST_CLOCK: "1",
          ...s3.env,
        });
        try {
          // The offline gazetteer loads on the first geocode (ADR 0220); the suite's server did
          // that while loading the demo data, this empty one does it here rather than inside
          // the journey's first publish.
          expect((await fetch(`${app.url}/explore?location=Austin%2C%20Texas`)).status).toBe(200);
          await provide({ url: app.url, s3Origin: s3.origin });
        } finally {
          await app.stop();
        }
      } finally {
        await s3.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // Every request of the journey (sign-up, the form, the page) goes to the S3-backed app.
  baseURL: async ({ s3App }, provide) => provide(s3App.url),
});

test("a photo uploaded through the listing form shows on the space page from the S3 bucket", async ({ page, s3App, user: _user }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  const title = `S3 loft ${testInfo.project.name} ${Date.now().toString(36)}`;
  const location = "Austin, Texas";

  await page.goto("/create-listing");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Photos served from the bucket.");
  await page.getByRole("button", { name: "Add a new type" }).click();
  await page.getByLabel("New space type").fill("Bucket studio");
  await page.getByRole("button", { name: "Add type" }).click();
  await expect(page.getByLabel("Space type", { exact: true })).toHaveValue("bucket-studio");
  await page.getByLabel("Hourly rate").fill("42.50");
  await page.getByLabel("Capacity (guests)").fill("6");
  await page.getByLabel("Amenities").fill("Wi-Fi, Daylight");
  await page.getByLabel("Location", { exact: true }).fill(location);
  await page.getByLabel("Country").fill("United States");
  await page.getByLabel("Street address").fill("500 Congress Ave");
  await page.getByLabel("City", { exact: true }).fill("Austin");
  await page.getByLabel("State").fill("TX");
  await page.getByLabel("Postal code").fill("78701");

  const photo = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g"><stop offset="0" stop-color="#264653"/><stop offset="1" stop-color="#2a9d8f"/></linearGradient></defs>` +
        `<rect width="1200" height="800" fill="url(#g)"/><circle cx="900" cy="250" r="140" fill="#e9c46a"/>` +
        `<text x="80" y="700" font-family="sans-serif" font-size="96" fill="#ffffff">from the bucket</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
  await page.getByLabel("Choose photos").setInputFiles([{ name: "bucket.png", mimeType: "image/png", buffer: photo }]);
  await expect(page.getByTestId("media-item")).toHaveCount(1);
  await expect(page.getByText("Uploading…")).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(page).toHaveURL(/\/my-listings/);

  await page.goto(`/space/${slugify(title)}/${slugify(location)}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const shown = page.getByRole("img", { name: `${title} — photo 1 of 1` });
  await expect(shown).toBeVisible();
  // The photo comes from the bucket, not from the app …
  await expect(shown).toHaveAttribute("src", new RegExp(`^${s3App.s3Origin}/media/.+\\.webp$`));
  // … and really loaded: a decoded image has a width, which it only gets if the page's
  // Content-Security-Policy lets img-src reach the bucket's origin.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const src = await shown.getAttribute("src");
  const fromBucket = await fetch(src!);
  expect(fromBucket.status).toBe(200);
  expect(fromBucket.headers.get("content-type")).toBe("image/webp");

  await page.screenshot({ path: testInfo.outputPath(`space-s3-${phone ? 390 : 1280}.png`) });
});
