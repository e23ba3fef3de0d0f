import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "#tests/e2e/support/fixtures";

/** Every page of issue #6, with a distinctive text each must show. */
const PAGES = [
  { path: "/how-it-works", text: "See It In Action" },
  { path: "/blog", text: "All Posts" },
  { path: "/blog/future-of-space-rental-2025", text: "The Future of Space Rental" },
  { path: "/blog/maximize-space-earnings", text: "10 Ways to Maximize" },
  { path: "/blog/tampa-creative-spaces-guide", text: "Creative Spaces in Tampa" },
  { path: "/help", text: "How can we help?" },
  { path: "/about", text: "Tampa, Florida" },
  { path: "/careers", text: "Open positions" },
  { path: "/press", text: "Press releases" },
  { path: "/safety", text: "$1M liability insurance per booking" },
  { path: "/covid19", text: "Our COVID-19 response" },
  { path: "/cancellation", text: "Moderate" },
  { path: "/privacy", text: "Manage Privacy Settings" },
  { path: "/terms", text: "March 15, 2025" },
  { path: "/contact", text: "Send us a message" },
  { path: "/sitemap", text: "Popular Cities" },
  { path: "/newsletter", text: "The Rentwell newsletter" },
] as const;

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("content pages", () => {
  test("every page renders with metadata, one h1, landmarks, alt text, no console errors and no sideways scroll", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const { path, text } of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByText(text).first(), path).toBeVisible();
      await expect(page.locator("h1"), path).toHaveCount(1);
      await expect(page.getByRole("main"), path).toHaveCount(1);
      await expect(page.getByRole("banner"), path).toHaveCount(1);
      await expect(page.getByRole("contentinfo"), path).toHaveCount(1);

      const title = await page.title();
      expect(title, path).toMatch(/Rentwell/);
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length, path).toBeGreaterThan(50);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical, path).toBe(new URL(path, baseURL).toString());
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", canonical!);
      await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute("content", description);
      await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
      titles.set(title, path);
      descriptions.set(description, path);

      // Landmarks a screen reader lists must be told apart by their names.
      const landmarks = await page.evaluate(() =>
        [...document.querySelectorAll("section[aria-labelledby], section[aria-label], nav, aside, form[aria-label], [role=search]")]
          .filter((element) => element.checkVisibility())
          .map((element) => {
            const label =
              element.getAttribute("aria-label") ??
              (element.getAttribute("aria-labelledby") ?? "")
                .split(" ")
                .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
                .join(" ");
            return `${element.getAttribute("role") ?? element.tagName.toLowerCase()}: ${label}`;
          }),
      );
      expect(landmarks.filter((name, index) => landmarks.indexOf(name) !== index), `${path} duplicate landmarks`).toEqual([]);

      const imagesWithoutAlt = await page.locator("img:not([alt])").count();
      expect(imagesWithoutAlt, path).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    expect(titles.size, "titles are unique").toBe(PAGES.length);
    expect(descriptions.size, "descriptions are unique").toBe(PAGES.length);
    expect(errors).toEqual([]);
  });

  test("how it works: steps rotate and can be chosen, FAQ opens one answer at a time, sample spaces, structured data", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto("/how-it-works");
    await hydrated(page);
    const steps = page.getByRole("list", { name: "Steps" });
    for (const step of ["Search & Discover", "Book Instantly", "Secure Payment", "Enjoy & Review"]) {
      await expect(steps.getByRole("button", { name: step })).toBeVisible();
    }
    const panel = page.locator("#how-step-panel");
    await expect(panel).toContainText("Step 1 of 4");
    // Auto-rotation every 5 s (the pointer is outside the steps).
    await page.mouse.move(0, 0);
    await expect(panel).toContainText("Step 2 of 4", { timeout: 8_000 });
    await steps.getByRole("button", { name: "Secure Payment" }).click();
    await expect(panel).toContainText("Step 3 of 4");
    await expect(panel.getByRole("heading", { name: "Secure Payment" })).toBeVisible();
    await expect(steps.getByRole("button", { name: "Secure Payment" })).toHaveAttribute("aria-current", "step");

    const faq = page.getByRole("heading", { name: "Frequently Asked Questions" }).locator("..");
    await expect(faq.getByRole("button")).toHaveCount(8);
    const first = faq.getByRole("button", { name: "How does instant booking work?" });
    const second = faq.getByRole("button", { name: "What does Rentwell charge?" });
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText("there is no host approval step")).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByText("there is no host approval step")).toBeHidden();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");

    const categories = page.getByRole("heading", { name: "Popular categories" }).locator("..");
    for (const [label, count] of [
      ["Creative Spaces", "2,500+"],
      ["Event Venues", "1,800+"],
      ["Vehicles", "3,200+"],
      ["Tools & Equipment", "5,000+"],
      ["Music Studios", "900+"],
      ["Art Supplies", "1,200+"],
    ] as const) {
      await expect(categories.getByRole("listitem").filter({ hasText: label })).toContainText(count);
    }

    const action = page.getByRole("heading", { name: "See It In Action" }).locator("../..");
    await expect(action.getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("link", { name: "Browse All Listings" })).toHaveAttribute("href", "/explore");
    await expect(page.getByRole("link", { name: "Start Exploring" })).toHaveAttribute("href", "/explore");
    await expect(page.getByRole("link", { name: "List Your Space" })).toHaveAttribute("href", "/create-listing");

    const blocks = await page.locator('script[type="application/ld+json"]').evaluateAll((nodes) =>
      nodes.map((node) => ({ json: JSON.parse(node.textContent ?? "{}"), nonce: (node as HTMLScriptElement).nonce })),
    );
    const types = blocks.map((block) => block.json["@type"]);
    expect(types).toEqual(expect.arrayContaining(["HowTo", "FAQPage"]));
    const faqData = blocks.find((block) => block.json["@type"] === "FAQPage")!;
    expect(faqData.json.mainEntity).toHaveLength(8);
    expect(faqData.nonce.length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });

  test("blog: category chips filter, Load More loads more, posts show author, date, read time, tags and structured data", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto("/blog");
    const chips = page.getByRole("navigation", { name: "Blog categories" });
    for (const label of ["All Posts", "Industry Trends", "Host Tips", "City Guides", "Design", "Workspace", "Sustainability", "Content Creation"]) {
      await expect(chips.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByText("Featured · Industry Trends")).toBeVisible();
    const grid = page.getByRole("heading", { name: "Latest posts" }).locator("..");
    await expect(grid.getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(grid.getByRole("article")).toHaveCount(8);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

    await chips.getByRole("link", { name: "Host Tips", exact: true }).click();
    await expect(page).toHaveURL(/category=host-tips/);
    const filtered = page.getByRole("heading", { name: "Host Tips", level: 2 }).locator("..");
    await expect(filtered.getByRole("article")).toHaveCount(2);
    await expect(filtered.getByText("10 Ways to Maximize Your Space Rental Earnings")).toBeVisible();
    await expect(page.getByText("Featured · Industry Trends")).toHaveCount(0);
    await expect(chips.getByRole("link", { name: "Host Tips", exact: true })).toHaveAttribute("aria-current", "page");

    await filtered.getByRole("link", { name: "10 Ways to Maximize Your Space Rental Earnings" }).click();
    await expect(page).toHaveURL(/\/blog\/maximize-space-earnings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("10 Ways to Maximize Your Space Rental Earnings");
    await expect(page.getByText("Michael Chen").first()).toBeVisible();
    await expect(page.getByText("January 10, 2025").first()).toBeVisible();
    await expect(page.getByText("6 min read").first()).toBeVisible();
    await expect(page.getByText("#Pricing").first()).toBeVisible();
    const posting = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? "{}")));
    expect(posting).toContainEqual(
      expect.objectContaining({ "@type": "BlogPosting", headline: "10 Ways to Maximize Your Space Rental Earnings", datePublished: "2025-01-10" }),
    );
    expect(errors).toEqual([]);
  });

  test("an unknown post is 'Post Not Found' with a 404 and a link back to /blog", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("help: categories expand and the search filters over questions and answers", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/help");
    await hydrated(page);
    for (const category of ["Booking", "Hosting", "Account"]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${category}`) })).toBeVisible();
    }
    const hosting = page.getByRole("button", { name: /^Hosting/ });
    await expect(hosting).toHaveAttribute("aria-expanded", "false");
    await hosting.click();
    await expect(page.getByText("arrive in 3-5 business days")).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search help articles" });
    await search.fill("digital wallets");
    await expect(page.getByText("1 answer matches")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What payment methods do you accept?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "When do I get paid?" })).toHaveCount(0);
    // A category opened by the search can still be closed.
    const booking = page.getByRole("button", { name: /^Booking/ });
    await expect(booking).toHaveAttribute("aria-expanded", "true");
    await booking.click();
    await expect(booking).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { name: "What payment methods do you accept?" })).toBeHidden();
    await search.fill("password");
    await expect(page.getByRole("heading", { name: "How do I reset my password?" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Booking/ })).toHaveCount(0);
    await search.fill("zebra spaceship");
    await expect(page.getByText(/No answers match/)).toBeVisible();
    await search.fill("");
    await expect(page.getByRole("button", { name: /^Account/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("contact: bad input gets messages next to the fields, a valid message is confirmed", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/contact");
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill("<b>Ana</b> Lima");
    await main.getByLabel("E-mail", { exact: true }).fill("ana@example");
    await main.getByLabel("Subject", { exact: true }).selectOption("billing");
    await main.getByLabel("Message", { exact: true }).fill("x".repeat(100_000));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText(/Your message is too long/)).toBeVisible();
    await expect(main.getByLabel("Message", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // Unique per run: the desktop and phone projects share one server and database.
    const email = `ana-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const message = "<script>alert('hi')</script> When will my refund arrive?";
    await main.getByLabel("E-mail", { exact: true }).fill(email);
    await main.getByLabel("Message", { exact: true }).fill(message);
    await page.getByRole("button", { name: "Send Message" }).click();
    const confirmation = page.getByRole("status").filter({ hasText: "Message sent" });
    await expect(confirmation).toBeVisible();
    // HTML is shown as text, never interpreted: the name and the message come back verbatim.
    await expect(page.getByText("Thank you, <b>Ana</b> Lima!")).toBeVisible();
    await expect(confirmation.getByText(message, { exact: true })).toBeVisible();
    await expect(confirmation.getByText("Billing Question", { exact: true })).toBeVisible();

    // Sending the very same message again is recognised, not stored twice.
    await page.getByRole("link", { name: "Send another message" }).click();
    await main.getByLabel("Name", { exact: true }).fill("<b>Ana</b> Lima");
    await main.getByLabel("E-mail", { exact: true }).fill(email.toUpperCase());
    await main.getByLabel("Subject", { exact: true }).selectOption("billing");
    await main.getByLabel("Message", { exact: true }).fill(message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message already received" })).toContainText(
      "there is no need to send it again",
    );
    expect(errors).toEqual([]);
  });

  test("contact: the server refuses what the browser would have stopped", async ({ page }) => {
    await page.goto("/contact");
    const response = await page.request.post("/contact", {
      form: { name: "", email: "nope", subject: "legal", message: "" },
      headers: { Accept: "text/html" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Please choose a subject.");
  });

  test("contact and newsletter: hostile input gets a clear 4xx message, never a 500", async ({ request }) => {
    const long = "é".repeat(10_000);
    const contactCases: { form: Record<string, string>; expect: string }[] = [
      { form: {}, expect: "Please enter your name." },
      { form: { name: long, email: "a@example.com", subject: "general", message: "Hi" }, expect: "Your name can be at most 100 characters." },
      { form: { name: "\u0000\u0001", email: "a@example.com", subject: "general", message: "Hi" }, expect: "Please enter your name." },
      { form: { name: "Ana", email: `${long}@example.com`, subject: "general", message: "Hi" }, expect: "That e-mail address is too long." },
      { form: { name: "Ana", email: "ana\u0000@example.com", subject: "support", message: "Hi" }, expect: "Please enter a valid e-mail address." },
      { form: { name: "Ana", email: "a@example.com", subject: "' OR 1=1 --", message: "Hi" }, expect: "Please choose a subject." },
      { form: { name: "Ana", email: "a@example.com", subject: "billing", message: "%_'\\".repeat(2_000) }, expect: "Your message is too long" },
      { form: { name: "Ana", email: "a@example.com", subject: "billing", message: "x".repeat(100_000) }, expect: "Your message is too long" },
    ];
    for (const { form, expect: text } of contactCases) {
      const response = await request.post("/contact", { form, headers: { Accept: "text/html" } });
      expect(response.status(), JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
      expect(await response.text()).toContain(text);
    }
    const newsletterCases: { form: Record<string, string>; expect: string }[] = [
      { form: {}, expect: "Please enter your e-mail address." },
      { form: { email: "   " }, expect: "Please enter your e-mail address." },
      { form: { email: `${"a".repeat(10_000)}@example.com` }, expect: "That e-mail address is too long." },
      { form: { email: "ünïcødé@例え.テスト" }, expect: "Please enter a valid e-mail address." },
      { form: { email: "<script>alert(1)</script>@example.com" }, expect: "Please enter a valid e-mail address." },
      { form: { email: "a\u0000b@example.com", source: "x".repeat(10_000) }, expect: "Please enter a valid e-mail address." },
    ];
    for (const { form, expect: text } of newsletterCases) {
      const response = await request.post("/newsletter", { form, headers: { Accept: "text/html" } });
      expect(response.status(), JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(await response.text()).toContain(text);
    }
  });

  test("newsletter: footer box subscribes, a second time says already subscribed, any letter case", async ({ page }) => {
    const errors = watchConsole(page);
    const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-mail address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("Thanks for subscribing!");
    await expect(page).toHaveURL(/\/about$/);

    await page.goto("/blog");
    const blogBox = page.getByRole("main").getByRole("region", { name: "Never miss a post" });
    await blogBox.getByLabel("E-mail address").fill(email.toUpperCase());
    await blogBox.getByRole("button", { name: "Subscribe" }).click();
    await expect(blogBox.getByRole("status")).toContainText("You're already subscribed");

    // The browser accepts an address without a top-level domain; our check does not.
    await footer.getByLabel("E-mail address").fill("reader@localhost");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("Please enter a valid e-mail address.");
    expect(errors).toEqual([]);
  });

  test("terms and privacy buttons do something real", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(6);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Full Terms" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("rentwell-terms-of-service.md");
    const path = await download.path();
    const fs = await import("node:fs/promises");
    const text = await fs.readFile(path, "utf8");
    expect(text).toContain("Last updated: March 15, 2025");
    expect(text).toContain("## 6. Limitation of Liability");

    await page.getByRole("link", { name: "Contact Legal Team" }).click();
    await expect(page).toHaveURL(/\/contact\?subject=general$/);
    await expect(page.getByLabel("Subject")).toHaveValue("general");

    await page.goto("/privacy");
    await hydrated(page);
    await page.getByRole("button", { name: "Manage Privacy Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Privacy settings" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Request my data" })).toHaveAttribute("href", "/contact?subject=support");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Contact Privacy Team" }).click();
    await expect(page).toHaveURL(/\/contact\?subject=general$/);
  });

  test("company pages show the documented facts (docs/product.md#static-pages)", async ({ page }) => {
    const main = page.getByRole("main");
    await page.goto("/about");
    for (const figure of ["100K+", "50K+", "50+", "4.9/5"]) await expect(main.getByText(figure, { exact: true })).toBeVisible();
    await page.goto("/careers");
    await expect(main.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(page.getByText("Engineering")).toBeVisible();
    // Four open positions, each with title, department, location and type, and a real Apply link.
    const positions = main.getByRole("region", { name: "Open positions" }).getByRole("list").first().locator(":scope > li");
    await expect(positions).toHaveCount(4);
    for (const position of await positions.all()) {
      await expect(position.getByRole("heading", { level: 3 })).not.toBeEmpty();
      await expect(position.locator("dt")).toHaveText(["Department", "Location", "Type"]);
      await expect(position.locator("dd")).toHaveCount(3);
      await expect(position.locator("dd").nth(2)).toHaveText(/^(Full-time|Part-time|Contract)$/);
      await expect(position.getByRole("link", { name: /^Apply/ })).toHaveAttribute("href", "/contact?subject=general");
    }
    await page.goto("/cancellation");
    await expect(page.getByText("Full refund if cancelled at least 24 hours before the start.")).toBeVisible();
    await expect(page.getByText("Full refund if cancelled at least 5 days before the start.")).toBeVisible();
    await expect(page.getByText("50% refund if cancelled at least 7 days before the start.")).toBeVisible();
    await expect(page.getByText("Refunds take 5-7 business days")).toBeVisible();
    await page.goto("/sitemap");
    // docs/product.md#sitemap: exactly six groups, in this order.
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Main", "User Account", "Company", "Support", "Legal", "Popular Cities"]);
    await expect(main.getByRole("region", { name: "Popular Cities" }).getByRole("link")).toHaveCount(29);
    await expect(main.getByRole("region", { name: "User Account" }).getByRole("link")).toHaveText([
      "Dashboard",
      "My Profile",
      "List Your Space",
      "My Listings",
      "My Bookings",
    ]);
    await expect(main.getByRole("region", { name: "Main" }).getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "/how-it-works");
  });

  test("sitemap.xml and robots.txt", async ({ request, baseURL }) => {
    const xml = await request.get("/sitemap.xml");
    expect(xml.status()).toBe(200);
    expect(xml.headers()["content-type"]).toContain("application/xml");
    const body = await xml.text();
    expect(body).toContain(`<loc>${baseURL}/how-it-works</loc>`);
    expect(body).toContain(`<loc>${baseURL}/blog/maximize-space-earnings</loc>`);
    expect(body).toContain(`<loc>${baseURL}/tokyo</loc>`);
    expect(body).toMatch(/<loc>[^<]+\/space\/[a-z0-9-]+\/[a-z0-9-]+\?id=[0-9a-f-]{36}<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer newsletter box and the blog chips still work", async ({ page }) => {
    const email = `nojs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto("/help");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-mail address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByText("Thanks for subscribing!").first()).toBeVisible();

    await page.goto("/blog?category=city-guides");
    await expect(page.getByRole("heading", { name: "City Guides", level: 2 }).locator("..").getByRole("article")).toHaveCount(2);
    await page.goto("/help?q=wallets");
    await expect(page.getByRole("heading", { name: "What payment methods do you accept?" })).toBeVisible();
  });
});
