import { msg } from "@lingui/core/macro";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { TAGLINE } from "~/lib/seo";
import { useTranslate } from "~/features/i18n/use-translate";
import { AUTO_ADVANCE_MS, HERO_SLIDES, TRANSITION_LOCK_MS, wrapIndex } from "../slides";
import { buttonVariants } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Badge } from "~/ui/badge";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked for less motion; false while rendering on the server. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function subscribePageLoad(onChange: () => void) {
  window.addEventListener("load", onChange);
  return () => window.removeEventListener("load", onChange);
}

/** True once the page (and its first image) has loaded; false while rendering on the server. */
function usePageLoaded() {
  return useSyncExternalStore(
    subscribePageLoad,
    () => document.readyState === "complete",
    () => false,
  );
}

/**
 * Home hero (docs/product.md#home): ten slides, auto-advance every 5 s, previous/next arrows,
 * dots, controls locked for 1 s during a transition. It pauses while hovered or
 * while focus is inside, does not auto-advance with prefers-reduced-motion, and
 * has a pause button (WCAG 2.2.2). Hidden slides are inert, so Tab only reaches
 * the visible slide's buttons.
 */
export function HeroCarousel() {
  const _ = useTranslate();
  const [index, setIndex] = useState(0);
  const [locked, setLocked] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const lockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The lock lives in a ref too, so `goTo` stays the same function: the 5 s
  // auto-advance timer restarts when the slide changes, not when the lock ends.
  const lockedRef = useRef(false);
  const goTo = useCallback((next: (current: number) => number) => {
    if (lockedRef.current) return;
    lockedRef.current = true;
    setLocked(true);
    setIndex(next);
    clearTimeout(lockTimer.current);
    lockTimer.current = setTimeout(() => {
      lockedRef.current = false;
      setLocked(false);
    }, TRANSITION_LOCK_MS);
  }, []);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // Slides stack in one place, so the browser would fetch every slide's image at once
  // ("lazy" sees them all in view): only the first is in the server's page; once the page
  // has loaded, the visible slide and its two neighbours have theirs, so a change never
  // shows an empty slide and the first view downloads one image instead of ten.
  const pageLoaded = usePageLoaded();
  const hasImage = (i: number) => i === 0 || (pageLoaded && (i === index || i === wrapIndex(index, 1) || i === wrapIndex(index, -1)));

  const autoPlaying = !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!autoPlaying) return;
    const timer = setTimeout(() => goTo((current) => wrapIndex(current, 1)), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [autoPlaying, index, goTo]);

  return (
    <section
      aria-roledescription={_(msg({ message: "carousel", comment: "aria-roledescription of the home page's slideshow, read by screen readers" }))}
      aria-label={_(msg`Featured rentals`)}
      className="relative isolate overflow-hidden bg-slate-900 text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h1 className="absolute inset-x-0 top-5 z-10 mx-auto max-w-7xl px-4 text-sm font-semibold tracking-wide text-brand-100 uppercase sm:px-6">
        Rentwell — {_(TAGLINE)}
      </h1>
      <div className="relative h-[34rem] sm:h-[30rem]" aria-live={autoPlaying ? "off" : "polite"}>
        {HERO_SLIDES.map((slide, i) => {
          const active = i === index;
          const number = i + 1;
          const total = HERO_SLIDES.length;
          return (
            <div
              key={slide.title}
              role="group"
              aria-roledescription={_(msg({ message: "slide", comment: "aria-roledescription of one slide of the home page's slideshow" }))}
              aria-label={_(msg`${number} of ${total}`)}
              aria-hidden={!active}
              inert={!active}
              className={`absolute inset-0 transition-opacity duration-700 ${active ? "opacity-100" : "pointer-events-none opacity-0"}`}
            >
              {hasImage(i) && (
                <img
                  src={slide.image}
                  alt=""
                  width={1200}
                  height={800}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "low"}
                  decoding="async"
                  className="absolute inset-0 -z-10 h-full w-full object-cover"
                />
              )}
              <div className="absolute inset-0 -z-10 bg-gradient-to-r rtl:bg-gradient-to-l from-slate-950/90 via-slate-950/70 to-slate-950/30" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-4 pt-10 pb-20 sm:px-6">
                <Badge tone="solid" className="px-3 py-1 tracking-wide uppercase">
                  {_(slide.badge)}
                </Badge>
                <p className="mt-4 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{_(slide.title)}</p>
                <p className="mt-4 max-w-xl text-base text-slate-100 sm:text-lg">{_(slide.subtitle)}</p>
                <div className="mt-8 flex flex-wrap gap-3">
                  <Link to="/explore" className={buttonVariants()}>
                    {_(msg`Explore Spaces`)}
                  </Link>
                  <Link
                    to="/create-listing"
                    className={buttonVariants({ variant: "inverseOutline", className: "bg-white/10 backdrop-blur hover:bg-white/20" })}
                  >
                    {_(msg`List Your Space`)}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="absolute inset-x-0 bottom-4 mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-2">
          <IconButton variant="inverse" size="md" label={_(msg`Previous slide`)} onClick={() => goTo((current) => wrapIndex(current, -1))} disabled={locked}>
            <ChevronLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden="true" />
          </IconButton>
          <IconButton variant="inverse" size="md" label={_(msg`Next slide`)} onClick={() => goTo((current) => wrapIndex(current, 1))} disabled={locked}>
            <ChevronRight className="h-5 w-5 rtl:-scale-x-100" aria-hidden="true" />
          </IconButton>
          <IconButton variant="inverse" size="md" label={paused ? _(msg`Play slideshow`) : _(msg`Pause slideshow`)} onClick={() => setPaused((value) => !value)}>
            {paused ? <Play className="h-5 w-5" aria-hidden="true" /> : <Pause className="h-5 w-5" aria-hidden="true" />}
          </IconButton>
        </div>
        <div className="flex flex-wrap justify-end">
          {HERO_SLIDES.map((slide, i) => {
            const number = i + 1;
            return (
            <button
              key={slide.title}
              type="button"
              onClick={() => goTo(() => i)}
              disabled={locked && i !== index}
              aria-label={_(msg`Go to slide ${number}`)}
              aria-current={i === index ? "true" : undefined}
              className="group grid h-6 w-6 place-items-center"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-white" : "w-2.5 bg-white/50 group-hover:bg-white/80"}`} />
            </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
