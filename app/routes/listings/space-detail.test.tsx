// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import SpaceDetailPage from "./space-detail";

/** The space page in the guest's language (issue #31 point 2): its headings, figures and gallery. */

afterEach(cleanup);

function loaderData() {
  return {
    canonicalPath: "/spaces/tampa/sunny-loft",
    isOwner: false,
    where: { area: null, exact: null },
    mapStyleUrl: null,
    signedIn: false,
    verifiedGuestsOnly: null,
    now: "2026-12-01T12:00:00.000Z",
    widget: null,
    hours: { hours: [], rules: [], timeZone: "America/New_York" },
    space: {
      id: "00000000-0000-4000-8000-000000000001",
      title: "Sunny Loft",
      description: "A bright loft.",
      metaDescription: null,
      type: "studio",
      rentalType: "space",
      location: "Tampa",
      country: "United States",
      capacity: 8,
      amenities: ["WiFi"],
      images: ["/a.webp", "/b.webp"],
      videos: [],
      rating: 4.5,
      reviewCount: 2,
      available: false,
      status: "available",
      isPublished: true,
      currency: "USD",
      bookable: false,
    },
    prices: [],
    details: [],
    host: {
      id: "00000000-0000-4000-8000-000000000002",
      fullName: "Ana Host",
      avatarUrl: null,
      verified: false,
    },
    listingId: null,
    reviews: {
      items: [
        {
          id: "r1",
          rating: 5,
          comment: "Great",
          createdAt: "2025-03-10T00:00:00.000Z",
          authorName: "Bea",
          verifiedStay: true,
          hostReply: null,
          hostRepliedAt: null,
        },
      ],
      page: 1,
      pageCount: 1,
    },
    structuredData: "{}",
  };
}

async function renderIn(locale: Locale) {
  const Stub = createRoutesStub([
    {
      path: "/spaces/:locationSlug/:titleSlug",
      Component: SpaceDetailPage as never,
      loader: loaderData as never,
      HydrateFallback: () => null,
    },
  ]);
  render(
    await inLocale(
      locale,
      <Stub initialEntries={["/spaces/tampa/sunny-loft"]} />,
    ),
  );
  await screen.findByRole("heading", { level: 1, name: "Sunny Loft" });
}

describe("space page in the guest's language (issue #31)", () => {
  it("reads in Spanish: booking, host, amenities, reviews and the gallery's buttons", async () => {
    await renderIn("es");
    expect(screen.getByText("4,5 (2 reseñas)")).toBeTruthy();
    expect(screen.getByText("Hasta 8")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reserva" })).toBeTruthy();
    expect(screen.getByText("Precio a consultar")).toBeTruthy();
    expect(screen.getByText("No disponible temporalmente")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Tu anfitrión" })).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Ver perfil del anfitrión" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("heading", { name: "Acerca de este anuncio" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Servicios" })).toBeTruthy();
    expect(
      screen.getByText(
        "Horas en America/New York, la zona horaria del anuncio.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Reseñas" })).toBeTruthy();
    expect(screen.getByText("Estancia verificada")).toBeTruthy();
    expect(screen.getByText("marzo de 2025")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Foto siguiente" })).toBeTruthy();
    expect(
      screen.getByRole("img", { name: "Sunny Loft: foto 1 de 2" }),
    ).toBeTruthy();
  });

  it("reads in Arabic, with the gallery's arrows mirrored and placed at the logical sides", async () => {
    await renderIn("ar");
    expect(screen.getByRole("heading", { name: "مضيفك" })).toBeTruthy();
    expect(screen.getByText("السعر عند الطلب")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "التقييمات" })).toBeTruthy();
    const next = screen.getByRole("button", { name: "الصورة التالية" });
    const previous = screen.getByRole("button", { name: "الصورة السابقة" });
    expect(next.className).toContain("end-3");
    expect(previous.className).toContain("start-3");
    expect(next.querySelector("svg")?.getAttribute("class")).toContain(
      "rtl:-scale-x-100",
    );
  });
});
