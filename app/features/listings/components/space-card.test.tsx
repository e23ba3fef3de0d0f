// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FALLBACK_IMAGE, type SpaceCardData } from "../card";
import { SpaceCard } from "./space-card";
import { SpaceGrid } from "./space-grid";

afterEach(cleanup);

const base: SpaceCardData = {
  id: "2b1f6a0e-5c3d-4e8f-9a1b-2c3d4e5f6a7b",
  title: "Harbour Loft",
  location: "Tampa, FL",
  country: "United States",
  type: "photo-studio",
  rentalType: "space",
  images: ["/media/loft.webp"],
  hourlyPrice: 4550,
  dailyPrice: 30000,
  weeklyPrice: 150099,
  monthlyPrice: 500000,
  currency: "USD",
  amenities: ["WiFi", "Parking", "Kitchen", "Restroom"],
  rating: 4.25,
  reviewCount: 8,
  available: true,
  status: "available",
};

function renderCard(space: SpaceCardData) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SpaceCard space={space} /> }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("article");
}

describe("SpaceCard", () => {
  it("shows the 'Verified' badge only when the host is identity-verified (issue #29 point 3)", () => {
    renderCard({ ...base, hostVerified: true });
    expect(screen.getByTestId("verified-badge").textContent).toBe("Verified (Identity verified: host)");
    cleanup();
    renderCard({ ...base, hostVerified: false });
    expect(screen.queryByTestId("verified-badge")).toBeNull();
  });

  it("shows the badge, up to 3 whole-number price chips in order, up to 3 amenities and the rating to one decimal", () => {
    const card = renderCard(base);
    expect(screen.getByText("Available").className).toContain("bg-emerald-700");
    const chips = screen.getByRole("list", { name: "Prices" }).querySelectorAll("li");
    expect([...chips].map((chip) => chip.textContent)).toEqual(["$46/hr", "$300/day", "$1,501/week"]);
    const amenities = screen.getByRole("list", { name: "Amenities" }).querySelectorAll("li");
    expect([...amenities].map((item) => item.textContent)).toEqual(["WiFi", "Parking", "Kitchen"]);
    expect(card.textContent).toContain("4.3 (8 reviews)");
    expect(screen.getByRole("link", { name: "Harbour Loft" }).getAttribute("href")).toBe(
      "/space/harbour-loft/tampa-fl?id=2b1f6a0e-5c3d-4e8f-9a1b-2c3d4e5f6a7b",
    );
  });

  it("falls back to the stock photo when the card image fails, once", () => {
    const card = renderCard(base);
    const image = card.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/media/loft.webp");
    fireEvent.error(image);
    expect(image.getAttribute("src")).toBe(FALLBACK_IMAGE);
    fireEvent.error(image); // the stock photo failing too does not loop
    expect(image.getAttribute("src")).toBe(FALLBACK_IMAGE);
  });

  it("uses the stock photo for a listing without images, and the badge colours of docs/product.md#space-cards", () => {
    renderCard({ ...base, images: [], status: "maintenance", hourlyPrice: null, dailyPrice: null, weeklyPrice: null, monthlyPrice: null });
    expect(screen.getByRole("article").querySelector("img")!.getAttribute("src")).toBe(FALLBACK_IMAGE);
    expect(screen.getByText("Under Maintenance").className).toContain("bg-amber-400");
    expect(screen.getByText("Price on request")).toBeTruthy();
    cleanup();
    renderCard({ ...base, available: false, status: "rented" });
    expect(screen.getByText("Unavailable").className).toContain("bg-red-600");
    cleanup();
    renderCard({ ...base, status: "rented" });
    expect(screen.getByText("Currently Rented").className).toContain("bg-red-600");
  });

  it("a grid that opens its page fetches the first card's image at once and first, every other one lazily", () => {
    const spaces = [base, { ...base, id: "9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f", title: "Canal Studio" }];
    const Stub = createRoutesStub([
      { path: "/", Component: () => <SpaceGrid spaces={spaces} label="Opening" priorityFirst /> },
      { path: "/rest", Component: () => <SpaceGrid spaces={spaces} label="Further down" /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const [first, second] = [...screen.getByRole("list", { name: "Opening" }).querySelectorAll("article img")];
    expect([first!.getAttribute("loading"), first!.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
    expect([second!.getAttribute("loading"), second!.getAttribute("fetchpriority")]).toEqual(["lazy", "auto"]);
    cleanup();
    render(<Stub initialEntries={["/rest"]} />);
    const images = [...screen.getByRole("list", { name: "Further down" }).querySelectorAll("article img")];
    expect(images.map((image) => image.getAttribute("loading"))).toEqual(["lazy", "lazy"]);
  });
});
