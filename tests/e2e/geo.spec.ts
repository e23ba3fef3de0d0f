import fs from "node:fs";
import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "#tests/e2e/support/fixtures";
import { CITY_COLORS } from "~/features/geo/city-areas";

/**
 * Issue #27 points 3 and 4 in the browser, at phone and desktop widths: search near a
 * city, open the map and see its pins; the host places the pin and it is saved; the
 * listing's exact point never reaches a visitor.
 */

/** The share of the map's pixels painted in the city areas' warm grey (ADR 0276): none on land, water or pins. */
async function cityAreaShare(map: Locator) {
  const { data, info } = await sharp(await map.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const fill = [1, 3, 5].map((start) => parseInt(CITY_COLORS.fill.slice(start, start + 2), 16));
  let painted = 0;
  for (let index = 0; index < data.length; index += 3) {
    if (fill.every((channel, offset) => Math.abs(data[index + offset]! - channel) <= 3)) painted += 1;
  }
  return painted / (info.width * info.height);
}

test.describe("where and the map", () => {
  test("search near a city, open the map, pins are drawn at the results", async ({ page }, testInfo) => {
    await page.goto("/explore");
    await page.getByLabel("Near", { exact: true }).fill("Chicago");
    await page.getByLabel("Near", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/[?&]near=Chicago/);
    const cards = page.getByRole("list", { name: "Spaces", exact: true }).getByRole("article");
    // Every result is in or around Chicago (the demo's other cities are far beyond 25 km).
    await expect(cards.filter({ hasNotText: "Chicago" })).toHaveCount(0);
    await expect(cards.first()).toBeVisible();

    // Sorted by distance (the sort sits among the folded filters; its URL is what the form writes).
    await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&sort=distance`);
    await expect(page.getByTestId("result-count")).toContainText("Distance");
    await expect(cards.first()).toContainText("Chicago");

    const mapToggle = page.getByRole("button", { name: "Map", exact: true });
    if (await mapToggle.isVisible()) await mapToggle.click();
    const map = page.getByTestId("explore-map");
    await expect(map).toBeVisible();
    await expect(map.locator(".maplibregl-canvas")).toBeVisible();
    const markers = map.locator(".map-pin, .map-cluster");
    await expect(markers.first()).toBeVisible();
    await expect(page.getByTestId("map-pin-count")).toHaveText(/^\d+ on the map$/);
    // Every pin the search found is on the map: alone, or counted in a cluster.
    const onMap = Number((await page.getByTestId("map-pin-count").textContent())!.split(" ")[0]);
    expect(onMap).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const clusters = await map.locator(".map-cluster").allTextContents();
        return (await map.locator(".map-pin").count()) + clusters.reduce((sum, text) => sum + Number(text), 0);
      })
      .toBe(onMap);
    await map.scrollIntoViewIfNeeded();
    // The offline basemap draws Chicago (2.7 M inhabitants) as a city area around its pins.
    await expect.poll(() => cityAreaShare(map)).toBeGreaterThan(0.3);

    fs.mkdirSync("tmp/screens", { recursive: true });
    await page.screenshot({ path: `tmp/screens/explore-map-${testInfo.project.name}.png`, fullPage: false });

    // Wide screens: the list and the map side by side; hovering a card highlights its pin.
    if (page.viewportSize()!.width >= 1280) {
      const first = cards.first();
      const id = new URL((await first.getByRole("link").first().getAttribute("href"))!, "http://x").searchParams.get("id");
      await first.hover();
      await expect(map.locator(`.map-pin[data-pin-id="${id}"]`)).toHaveAttribute("data-highlighted", "true");
      await expect(map.locator('.map-pin[data-highlighted="true"]')).toHaveCount(1);
    }
  });

  test("a wide view clusters pins over the bundled basemap; search as I move the map writes the bounds", async ({ page }, testInfo) => {
    await page.goto("/explore?bounds=-125,24,-66,50");
    const mapToggle = page.getByRole("button", { name: "Map", exact: true });
    if (await mapToggle.isVisible()) await mapToggle.click();
    const map = page.getByTestId("explore-map");
    await expect(map.locator(".map-cluster").first()).toBeVisible();
    // 'Search as I move the map' is on when the URL has bounds.
    const moveSearch = page.getByLabel("Search as I move the map");
    await expect(moveSearch).toBeChecked();
    await map.scrollIntoViewIfNeeded();
    fs.mkdirSync("tmp/screens", { recursive: true });
    await page.screenshot({ path: `tmp/screens/explore-map-wide-${testInfo.project.name}.png` });
    // Drag the map west: the URL's bounds move with it and the list searches the new area.
    const before = new URL(page.url()).searchParams.get("bounds");
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const west = () => Number((new URL(page.url()).searchParams.get("bounds") ?? "").split(",")[0]);
    await expect.poll(west).toBeLessThan(-125);
    expect(new URL(page.url()).searchParams.get("bounds")!.split(",")).toHaveLength(4);
    expect(before).toBe("-125,24,-66,50");
  });

  test("'Near me' searches around the browser's position, rounded to about 100 m", async ({ page }) => {
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 41.881234, longitude: -87.629876 });
    await page.goto("/explore");
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page).toHaveURL(/[?&]lat=41\.881&lng=-87\.630/);
    const cards = page.getByRole("list", { name: "Spaces", exact: true }).getByRole("article");
    await expect(cards.filter({ hasNotText: "Chicago" })).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByLabel("Near", { exact: true })).toHaveAttribute("placeholder", "Your location");
  });

  test("bad places and radii get a message, not an error page", async ({ page }) => {
    for (const [query, message] of [
      ["near=Zzyzxqq%20Nowhere", "We could not find that place"],
      ["near=Chicago&radius=0", "The distance must be between 1 and 500 km"],
      ["near=Chicago&radius=40000", "The distance must be between 1 and 500 km"],
      ["lat=91&lng=0", "Latitude must be a number between -90 and 90"],
    ] as const) {
      const response = await page.goto(`/explore?${query}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    // The basemap's city file is read-only.
    expect((await page.request.post("/map/cities.json", { data: {} })).status()).toBe(405);
    const pins = await page.request.get("/api/map-pins?bounds=170,-30,-170,-10");
    expect(pins.status()).toBe(200);
    expect(((await pins.json()) as { pins: unknown[] }).pins).toEqual(expect.any(Array));
  });

  test("the host places the pin on the map and it is saved; visitors get only the public point", async ({ page, host, browser }) => {
    await page.goto("/my-listings");
    const edit = await page.getByRole("link", { name: `Edit ${host.listing.title}` }).getAttribute("href");
    await page.goto(edit!);
    const latitude = page.getByLabel("Latitude", { exact: true });
    const longitude = page.getByLabel("Longitude", { exact: true });
    // Geocoded from the address (Austin, TX) when it was created.
    await expect(latitude).toHaveValue(/^30\.2/);
    const pinMap = page.getByTestId("pin-map");
    await expect(pinMap.locator(".maplibregl-canvas")).toBeVisible();
    await expect(pinMap.locator(".map-pin-exact")).toBeVisible();
    // Click the map beside the pin: the pin moves there and the coordinates follow.
    const box = (await pinMap.boundingBox())!;
    await pinMap.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
    await expect(latitude).not.toHaveValue(/^30\.2671/);
    const placed = { lat: await latitude.inputValue(), lng: await longitude.inputValue() };
    expect(Number(placed.lat)).toBeGreaterThan(30);
    expect(Number(placed.lng)).toBeGreaterThan(-98.5);
    await page.getByRole("button", { name: "Publish Listing" }).click();
    await expect(page).toHaveURL(/\/my-listings$/);
    await page.goto(edit!);
    await expect(latitude).toHaveValue(placed.lat);
    await expect(longitude).toHaveValue(placed.lng);

    // A visitor: neither the page nor the map's pins carry the exact point.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const spaceId = edit!.split("/edit-listing/")[1]!;
    const html = await (await visitorPage.request.get(`${host.listing.path}?id=${spaceId}`)).text();
    const pins = await (await visitorPage.request.get("/api/map-pins?near=Austin&radius=50")).text();
    for (const body of [html, pins]) {
      expect(body).not.toContain(placed.lat);
      expect(body).not.toContain(placed.lng);
    }
    expect(pins).toContain(spaceId);
    await visitor.close();
  });
});
