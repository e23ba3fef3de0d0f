// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { AUTO_ADVANCE_MS, HERO_SLIDES, TRANSITION_LOCK_MS } from "../slides";
import { HeroCarousel } from "./hero-carousel";

/** docs/product.md#home: 10 slides, auto-advance every 5 s, controls locked 1 s during a transition. */

let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query.includes("prefers-reduced-motion") && reducedMotion,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCarousel() {
  const Stub = createRoutesStub([{ path: "/", Component: HeroCarousel }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("region", { name: "Featured rentals" });
}

/** The number (1-based) of the slide shown, read from the dot marked current. */
function currentSlide() {
  const dot = screen.getAllByRole("button", { name: /^Go to slide \d+$/ }).find((button) => button.getAttribute("aria-current") === "true");
  return Number(dot?.getAttribute("aria-label")?.replace("Go to slide ", ""));
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("HeroCarousel", () => {
  it("puts only the first slide's image in the server's page, then the images next to the visible slide once the page has loaded", () => {
    const Stub = createRoutesStub([{ path: "/", Component: HeroCarousel }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain(`src="${HERO_SLIDES[0]!.image}"`);

    const region = renderCarousel();
    const sources = () => [...region.querySelectorAll("img")].map((image) => image.getAttribute("src"));
    expect(sources().sort()).toEqual([HERO_SLIDES[0]!.image, HERO_SLIDES[1]!.image, HERO_SLIDES[9]!.image].sort());
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(sources().sort()).toEqual([HERO_SLIDES[0]!.image, HERO_SLIDES[1]!.image, HERO_SLIDES[2]!.image].sort());
  });


  it("has ten slides, each with badge, title, subtitle and the two buttons", () => {
    renderCarousel();
    expect(HERO_SLIDES).toHaveLength(10);
    expect(screen.getAllByRole("button", { name: /^Go to slide \d+$/ })).toHaveLength(10);
    const slides = screen.getAllByRole("group", { hidden: true });
    expect(slides).toHaveLength(10);
    for (const [i, slide] of HERO_SLIDES.entries()) {
      const element = slides[i]!;
      expect(element.textContent).toContain(slide.badge);
      expect(element.textContent).toContain(slide.title);
      expect(element.textContent).toContain(slide.subtitle);
      const links = [...element.querySelectorAll("a")].map((link) => link.getAttribute("href"));
      expect(links).toEqual(["/explore", "/create-listing"]);
    }
    // Only the visible slide is exposed; the others are hidden and inert.
    expect(slides.filter((slide) => slide.getAttribute("aria-hidden") === "false")).toHaveLength(1);
    expect(slides.filter((slide) => slide.hasAttribute("inert"))).toHaveLength(9);
  });

  it("advances every 5 s and wraps from the last slide to the first", () => {
    renderCarousel();
    expect(AUTO_ADVANCE_MS).toBe(5_000);
    expect(currentSlide()).toBe(1);
    advance(AUTO_ADVANCE_MS - 10);
    expect(currentSlide()).toBe(1);
    advance(10);
    expect(currentSlide()).toBe(2);
    for (let i = 0; i < 8; i += 1) advance(AUTO_ADVANCE_MS);
    expect(currentSlide()).toBe(10);
    advance(AUTO_ADVANCE_MS);
    expect(currentSlide()).toBe(1);
  });

  it("locks arrows and dots for 1 s during a transition", () => {
    renderCarousel();
    expect(TRANSITION_LOCK_MS).toBe(1_000);
    const next = screen.getByRole("button", { name: "Next slide" });
    const previous = screen.getByRole("button", { name: "Previous slide" });
    fireEvent.click(next);
    expect(currentSlide()).toBe(2);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Go to slide 5" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next); // ignored while locked
    expect(currentSlide()).toBe(2);
    advance(TRANSITION_LOCK_MS - 10);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    advance(10);
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(previous);
    expect(currentSlide()).toBe(1);
    advance(TRANSITION_LOCK_MS);
    fireEvent.click(previous);
    expect(currentSlide()).toBe(10);
    advance(TRANSITION_LOCK_MS);
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 4" }));
    expect(currentSlide()).toBe(4);
  });

  it("pauses while hovered and while focus is inside, and resumes afterwards", () => {
    const carousel = renderCarousel();
    fireEvent.mouseEnter(carousel);
    advance(AUTO_ADVANCE_MS * 3);
    expect(currentSlide()).toBe(1);
    fireEvent.mouseLeave(carousel);
    advance(AUTO_ADVANCE_MS);
    expect(currentSlide()).toBe(2);

    advance(TRANSITION_LOCK_MS); // the dots are enabled again
    const dot = screen.getByRole("button", { name: "Go to slide 7" });
    act(() => dot.focus());
    expect(document.activeElement).toBe(dot);
    advance(AUTO_ADVANCE_MS * 3);
    expect(currentSlide()).toBe(2);
    act(() => dot.blur());
    advance(AUTO_ADVANCE_MS);
    expect(currentSlide()).toBe(3);
  });

  it("the pause button stops and restarts the slideshow", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    // Leave the carousel so only the button keeps it paused.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(AUTO_ADVANCE_MS * 2);
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    advance(AUTO_ADVANCE_MS);
    expect(currentSlide()).toBe(2);
  });

  it("never auto-advances with prefers-reduced-motion, but the arrows still work", () => {
    reducedMotion = true;
    renderCarousel();
    advance(AUTO_ADVANCE_MS * 4);
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(currentSlide()).toBe(2);
  });

  it("reads in Arabic, its arrows mirrored for right-to-left", async () => {
    vi.useRealTimers();
    const Stub = createRoutesStub([{ path: "/", Component: HeroCarousel }]);
    render(await inLocale("ar", <Stub initialEntries={["/"]} />));
    const region = screen.getByRole("region", { name: "إيجارات مميزة" });
    expect(region.textContent).toContain("منصة عالمية للتأجير عبر الإنترنت");
    expect(region.textContent).toContain("استوديوهات جاهزة لجلسة التصوير القادمة");
    const next = screen.getByRole("button", { name: "الشريحة التالية" });
    const previous = screen.getByRole("button", { name: "الشريحة السابقة" });
    for (const button of [next, previous]) expect(button.querySelector("svg")!.getAttribute("class")).toContain("rtl:-scale-x-100");
    expect(screen.getByRole("button", { name: "الانتقال إلى الشريحة 3" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "استكشف المساحات" })).toBeTruthy();
  });
});
