// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { SpaceCardData } from "~/features/listings/card";
import WishlistsPage from "./wishlists";

afterEach(cleanup);

type Props = Parameters<typeof WishlistsPage>[0];

const space: SpaceCardData = {
  id: "11111111-1111-4111-8111-111111111111",
  title: "Harbor Loft",
  location: "Tampa, FL",
  country: "United States",
  type: "photo-studio",
  rentalType: "space",
  images: [],
  hourlyPrice: 5000,
  dailyPrice: null,
  weeklyPrice: null,
  monthlyPrice: null,
  currency: "USD",
  amenities: [],
  rating: 0,
  reviewCount: 0,
  available: true,
  status: "available",
};

async function renderPage(card: SpaceCardData, locale: "es" | "en") {
  const loaderData = {
    lists: [{ id: "l1", name: "Favoritos", isDefault: true, shareToken: null, count: 1, cover: null }],
    list: { id: "l1", name: "Favoritos", isDefault: true, shareToken: null, spaces: [card] },
    listMissing: false,
    shareUrl: null,
    dates: null,
    datesError: null,
    rawDates: { from: "", to: "" },
    availability: null,
    searches: [],
  } as unknown as Props["loaderData"];
  const props = { loaderData, actionData: undefined } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/wishlists", Component: () => <WishlistsPage {...props} /> }]);
  render(await inLocale(locale, <Stub initialEntries={["/wishlists"]} />));
}

describe("/wishlists in the guest's language (issue #31 point 5, ADR 0295)", () => {
  it("shows the host's Spanish title on the card and in the remove button's name; the link keeps the original's address", async () => {
    await renderPage({ ...space, translatedTitle: "Desván del puerto" }, "es");
    expect(screen.getByText("Desván del puerto")).toBeTruthy();
    expect(screen.queryByText("Harbor Loft")).toBeNull();
    expect(screen.getByRole("button", { name: "Quitar Desván del puerto de Favoritos" })).toBeTruthy();
    const link = screen.getAllByRole("link").find((element) => element.getAttribute("href")?.startsWith("/space/"));
    expect(link?.getAttribute("href")).toContain("/space/harbor-loft/");
  });

  it("without a translation, the host's own title", async () => {
    await renderPage(space, "en");
    expect(screen.getByText("Harbor Loft")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove Harbor Loft from Favoritos" })).toBeTruthy();
  });
});
