import type { Page } from "@playwright/test";
import { expect, signInThroughApi, test } from "#tests/e2e/support/fixtures";

/** Issue #4 parts 1, 2, 3 and 7: home, explore, space cards, live updates. */

const HOST = { email: "host@rentwell.test", password: "rentwell-demo" };

function cardsIn(page: Page, listName: string) {
  return page.getByRole("list", { name: listName, exact: true }).getByRole("article");
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
}

test.describe("home", () => {
  test("search by location, country or title, with one category", async ({ page }) => {
    await page.goto("/");
    const box = page.getByPlaceholder("Search by location, country, or title...");
    await box.fill("tokyo");
    await expect(page).toHaveURL(/[?&]q=tokyo/);
    const results = cardsIn(page, "Search results");
    await expect(results.first()).toBeVisible();
    const count = await results.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(9);
    for (const location of await results.getByText("Tokyo", { exact: true }).all()) await expect(location).toBeVisible();
    await expect(results.filter({ hasNotText: "Tokyo" })).toHaveCount(0);

    // Country, case-insensitively; then a category narrows it.
    await box.fill("JAPAN");
    await expect(page).toHaveURL(/[?&]q=JAPAN/);
    await expect(results.first()).toBeVisible();
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Photo Studio" });
    await expect(page).toHaveURL(/category=photo-studio/);
    await expect(results.filter({ hasText: "Daikanyama White Photo Studio" })).toHaveCount(1);

    await box.fill("no-such-place-anywhere");
    await expect(page.getByText("No spaces found. Try adjusting your search or filters.")).toBeVisible();
  });

  test("featured USA spaces, international regions and the carousel", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured Spaces in the USA" })).toBeVisible();
    await expect(cardsIn(page, "Featured spaces in the USA")).toHaveCount(6);

    const international = cardsIn(page, "International spaces");
    await expect(international).toHaveCount(6);
    const region = page.getByRole("group", { name: "Region" });
    await region.getByRole("button", { name: "Europe" }).click();
    await expect(region.getByRole("button", { name: "Europe" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/region=europe/);
    await expect(international.first()).toBeVisible();
    for (const card of await international.all()) await expect(card).toContainText(/London|Paris|Edinburgh|Manchester|Athens|Santorini|Lyon|Nice|Bristol/);

    await page.getByRole("button", { name: "View All USA Spaces" }).click();
    await expect(region.getByRole("button", { name: "Americas" })).toHaveAttribute("aria-pressed", "true");
    await expect(region.getByRole("button", { name: "Europe" })).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(/region=americas/);

    // Carousel: ten dots, arrows move between slides.
    const carousel = page.getByRole("region", { name: "Featured rentals" });
    await expect(carousel.getByRole("button", { name: /^Go to slide \d+$/ })).toHaveCount(10);
    await carousel.hover();
    await carousel.getByRole("button", { name: "Go to slide 3" }).click();
    await expect(carousel.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeEnabled();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel.getByRole("button", { name: "Go to slide 4" })).toHaveAttribute("aria-current", "true");
  });

  test("benefit lists, Tampa banner, host call to action, category shortcuts and the static counts", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "For Renters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "For Owners" })).toBeVisible();
    await expect(page.getByText("Proudly based in Tampa, Florida")).toBeVisible();
    const cta = page.getByRole("region", { name: "Have a space or gear sitting idle?" });
    await expect(cta.getByRole("link", { name: "Start Hosting" })).toHaveAttribute("href", "/create-listing");
    await expect(cta.getByRole("link", { name: "About Rentwell" })).toHaveAttribute("href", "/about");

    const categories = page.getByRole("region", { name: "Browse by Category" });
    const shortcuts = await categories.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(shortcuts).toEqual(
      ["photo-studio", "atv-dirtbike", "power-tools", "water-sports", "camera-photo", "yard-garden"].map((type) => `/explore?type=${type}`),
    );
    const counts = categories.getByRole("list", { name: "Listings by category" }).getByRole("listitem");
    await expect(counts).toHaveText([
      /2,500\+\s*Creative Spaces/,
      /1,800\+\s*Event Venues/,
      /3,200\+\s*Vehicles/,
      /5,000\+\s*Tools & Equipment/,
      /900\+\s*Music Studios/,
      /1,200\+\s*Art Supplies/,
    ]);
  });

  test("category shortcuts open explore with that type", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Power Tools" }).first().click();
    await expect(page).toHaveURL(/\/explore\?type=power-tools$/);
    // The address changes before React commits the new page (a transition): until then the
    // home page, whose own labels contain "Category", is still there. The combobox named
    // Category is one element on either page, so this waits for explore's.
    await expect(page.getByRole("combobox", { name: "Category", exact: true })).toHaveValue("power-tools");
    await expect(cardsIn(page, "Spaces").first()).toBeVisible();
  });
});

test.describe("explore", () => {
  test("filters live in the URL, the back button steps through them, and load more pages in SQL", async ({ page }) => {
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1, name: "Explore Spaces" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");

    const cards = cardsIn(page, "Spaces");
    await expect(cards).toHaveCount(12);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(24);

    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Photo Studio" });
    await expect(page).toHaveURL(/\/explore\?type=photo-studio$/);
    await expect(cards.first()).toBeVisible();

    const locations = page.getByRole("navigation", { name: "Location" });
    await locations.getByRole("link", { name: /^New York/ }).click();
    await expect(page).toHaveURL(/type=photo-studio&location=New\+York|location=New\+York.*type=photo-studio/);
    await expect(locations.getByRole("link", { name: /^New York/ })).toHaveAttribute("aria-current", "true");
    for (const card of await cards.all()) await expect(card).toContainText("New York");

    const box = page.getByRole("searchbox", { name: "Search spaces" });
    await box.fill("CYCLORAMA");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=CYCLORAMA/);
    // The duplicate demo listing: same title and location, both shown.
    await expect(cards.filter({ hasText: "Chelsea Daylight Studio with Cyclorama Wall" })).toHaveCount(2);

    // Shareable: the same URL in a fresh page shows the same result.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect(cardsIn(shared, "Spaces").filter({ hasText: "Chelsea Daylight Studio with Cyclorama Wall" })).toHaveCount(2);
    await expect(shared.getByRole("searchbox", { name: "Search spaces" })).toHaveValue("CYCLORAMA");
    await shared.close();

    await page.goBack();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page).toHaveURL(/location=New\+York/);
    await expect(box).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(/\/explore\?type=photo-studio$/);
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("photo-studio");
    await expect(locations.getByRole("link", { name: "All locations" })).toHaveAttribute("aria-current", "true");

    await box.fill("zz-nothing-matches-this");
    await box.press("Enter");
    await expect(page.getByText("No spaces found. Try adjusting your filters.")).toBeVisible();
  });

  test("a 2-column grid of cards, 1 column on phones", async ({ page }, testInfo) => {
    await page.goto("/explore");
    const cards = cardsIn(page, "Spaces");
    await expect(cards).toHaveCount(12);
    const [first, second, third] = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    if (testInfo.project.name === "phone") {
      expect(second!.x).toBe(first!.x);
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    } else {
      expect(second!.y).toBe(first!.y);
      expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
      expect(third!.x).toBe(first!.x); // the third card starts the second row
    }
  });

  test("searches description text and opens a space from its card", async ({ page }) => {
    await page.goto("/explore?q=cigar");
    const card = cardsIn(page, "Spaces").filter({ hasText: "Ybor City Photo Studio in a Cigar Factory" });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Available", { exact: true })).toBeVisible();
    await expect(card.getByRole("list", { name: "Prices" }).getByRole("listitem").first()).toHaveText(/^\$\d[\d,]*\/hr$/);
    await card.getByRole("link", { name: "Ybor City Photo Studio in a Cigar Factory" }).click();
    await expect(page).toHaveURL(/\/space\/ybor-city-photo-studio-in-a-cigar-factory\//);
    await expect(page.getByRole("heading", { level: 1, name: "Ybor City Photo Studio in a Cigar Factory" })).toBeVisible();
  });

  test("odd input gives a normal page", async ({ page, request }) => {
    const queries = [
      "q=%25",
      "q=_",
      "q=%27%3B%20drop%20table%20spaces%3B--",
      "q=%5C",
      `q=${"x".repeat(10_000)}`,
      "type=no-such-type",
      "location=%27%22%3C%3E",
      "page=-1",
      "page=99999999999",
      "q=%E6%9D%B1%E4%BA%AC%F0%9F%8F%A0",
    ];
    for (const query of queries) {
      const response = await request.get(`/explore?${query}`);
      expect(response.status(), query.slice(0, 40)).toBe(200);
      expect(await response.text()).toContain("Explore Spaces");
    }
    for (const query of ["q=%25", "region=atlantis", "category=%5C", `q=${"y".repeat(10_000)}`]) {
      expect((await request.get(`/?${query}`)).status(), query.slice(0, 40)).toBe(200);
    }
    await page.goto("/explore?type=no-such-type&q=%25");
    await expect(page.getByText("No spaces found. Try adjusting your filters.")).toBeVisible();
    await page.goto("/explore?page=-1");
    await expect(cardsIn(page, "Spaces")).toHaveCount(12);
  });
});

test.describe("bad input on every discovery route", () => {
  test("LIKE metacharacters, 10 000 characters, unknown values, odd pages and unicode never give a 500", async ({ request }) => {
    const texts = ["%", "_", "'", "\\", "%_%", "' OR 1=1 --", "x".repeat(10_000), "東京🏠", "\u0000"];
    const pages = ["-1", "0", "99999999999", "1e308", "abc"];
    const urls: string[] = [];
    for (const text of texts) {
      const value = encodeURIComponent(text);
      urls.push(`/?q=${value}`, `/?category=${value}`, `/?region=${value}`, `/explore?q=${value}`, `/explore?type=${value}`, `/explore?location=${value}`);
      urls.push(`/tokyo?type=${value}`, `/new-york?type=${value}`, `/cities/${value}`, `/${value}`, `/space/${value}/${value}`, `/api/profile/${value}`);
    }
    for (const page of pages) urls.push(`/explore?page=${page}`, `/tokyo?page=${page}`, `/new-york?page=${page}`, `/san-jose?page=${page}`, `/cities/chicago?page=${page}`);
    for (const url of urls) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url.slice(0, 80)).toBeLessThan(500);
      const body = await response.text();
      expect(body, url.slice(0, 80)).not.toContain("something went wrong");
      // A search that cannot match says so; it never turns into the red error box.
      expect(body, url.slice(0, 80)).not.toContain("Failed to fetch spaces");
    }
  });
});

test.describe("live updates", () => {
  test("explore and home show a listing's change within 2 seconds, without a reload", async ({ browser, page }, testInfo) => {
    // Each browser width edits its own demo listing of host@rentwell.test.
    const title = testInfo.project.name === "phone" ? "Alafia River Kayak Pair with Paddles" : "Tiller, Wheelbarrow and Garden Tool Set";

    const liveOpen = (target: Page) => target.waitForResponse((response) => response.url().includes("/api/live"));
    const exploreLive = liveOpen(page);
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    await exploreLive;
    const home = await page.context().newPage();
    const homeLive = liveOpen(home);
    await home.goto(`/?q=${encodeURIComponent(title)}`);
    await homeLive;

    const exploreCard = cardsIn(page, "Spaces").filter({ hasText: title });
    const homeCard = cardsIn(home, "Search results").filter({ hasText: title });
    await expect(exploreCard.getByText("Available", { exact: true })).toBeVisible();
    await expect(homeCard.getByText("Available", { exact: true })).toBeVisible();
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    // The host, in another browser, marks the listing unavailable on My Listings.
    const hostContext = await browser.newContext();
    const hostPage = await hostContext.newPage();
    try {
      // Signed in through the endpoint: the dialog is accounts.spec.ts's journey, not this one's.
      await signInThroughApi(hostPage, HOST);
      await hostPage.goto("/my-listings");
      const toggle = hostPage.getByRole("switch", { name: `Available for booking: ${title}` });
      await expect(toggle).toHaveText("Available");
      await toggle.click();
      await expect(toggle).toHaveText("Unavailable");

      await expect(exploreCard.getByText("Unavailable", { exact: true })).toBeVisible({ timeout: 2_000 });
      await expect(homeCard.getByText("Unavailable", { exact: true })).toBeVisible({ timeout: 2_000 });

      await toggle.click();
      await expect(toggle).toHaveText("Available");
      await expect(exploreCard.getByText("Available", { exact: true })).toBeVisible({ timeout: 2_000 });
      await expect(homeCard.getByText("Available", { exact: true })).toBeVisible({ timeout: 2_000 });
      expect(navigations).toBe(0);
    } finally {
      await hostContext.close();
      await home.close();
    }
  });

  test("when the live connection is down, explore keeps retrying and, once back, shows what changed meanwhile", async ({ browser, page }, testInfo) => {
    const title = testInfo.project.name === "phone" ? "Alafia River Kayak Pair with Paddles" : "Tiller, Wheelbarrow and Garden Tool Set";
    // The live endpoint is down (as when a server restarts): every attempt fails.
    let refused = 0;
    await page.route("**/api/live**", async (route) => {
      refused += 1;
      await route.fulfill({ status: 503, body: "" });
    });
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    const card = cardsIn(page, "Spaces").filter({ hasText: title });
    await expect(card.getByText("Available", { exact: true })).toBeVisible();
    await expect.poll(() => refused).toBeGreaterThan(0);

    const hostContext = await browser.newContext();
    const hostPage = await hostContext.newPage();
    const toggle = hostPage.getByRole("switch", { name: `Available for booking: ${title}` });
    try {
      // Signed in through the endpoint: the dialog is accounts.spec.ts's journey, not this one's.
      await signInThroughApi(hostPage, HOST);
      await hostPage.goto("/my-listings");
      await expect(toggle).toHaveText("Available");
      await toggle.click();
      await expect(toggle).toHaveText("Unavailable");

      // Nothing can reach the page while the connection is down, but it keeps trying.
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(1);
      await expect(card.getByText("Available", { exact: true })).toBeVisible();

      // The endpoint is back: the page reconnects by itself and reloads what it missed.
      const reconnected = page.waitForResponse((response) => response.url().includes("/api/live") && response.status() === 200, { timeout: 30_000 });
      await page.unroute("**/api/live**");
      await reconnected;
      await expect(card.getByText("Unavailable", { exact: true })).toBeVisible({ timeout: 2_000 });
    } finally {
      if ((await toggle.textContent()) === "Unavailable") {
        await toggle.click();
        await expect(toggle).toHaveText("Available");
      }
      await hostContext.close();
    }
  });
});
