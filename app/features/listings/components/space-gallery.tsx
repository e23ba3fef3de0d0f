import { msg } from "@lingui/core/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { useState, type KeyboardEvent } from "react";
import { FALLBACK_IMAGE } from "../card";
import { IconButton } from "~/ui/icon-button";
import { thumbnailVariants } from "~/ui/card";

/**
 * The listing's images: one large picture, previous/next buttons and a row of
 * thumbnails. Arrow keys move between images when the gallery has focus.
 */
export function SpaceGallery({
  images,
  title,
}: {
  images: string[];
  title: string;
}) {
  const list = images.length > 0 ? images : [FALLBACK_IMAGE];
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Set<string>>(() => new Set());
  const current = list[index] ?? list[0]!;
  const srcOf = (url: string) => (failed.has(url) ? FALLBACK_IMAGE : url);
  const markFailed = (url: string) => setFailed((old) => new Set(old).add(url));
  const go = (delta: number) =>
    setIndex((old) => (old + delta + list.length) % list.length);
  const _ = useTranslate();
  const number = index + 1;
  const total = list.length;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (list.length < 2) return;
    // Right to left, the next photo is to the left (as the mirrored buttons show).
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(rtl ? -1 : 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(rtl ? 1 : -1);
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={_(msg`Photos`)}
      onKeyDown={onKeyDown}
      className="space-y-3"
    >
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <img
          src={srcOf(current)}
          alt={_(msg`${title} — photo ${number} of ${total}`)}
          width={1200}
          height={800}
          fetchPriority="high"
          onError={() => markFailed(current)}
          className="aspect-[3/2] w-full object-cover"
        />
        {list.length > 1 && (
          <>
            <IconButton
              variant="overlay"
              size="md"
              label={_(msg`Previous photo`)}
              onClick={() => go(-1)}
              className="absolute start-3 top-1/2 -translate-y-1/2"
            >
              <ChevronLeft
                className="h-5 w-5 rtl:-scale-x-100"
                aria-hidden="true"
              />
            </IconButton>
            <IconButton
              variant="overlay"
              size="md"
              label={_(msg`Next photo`)}
              onClick={() => go(1)}
              className="absolute end-3 top-1/2 -translate-y-1/2"
            >
              <ChevronRight
                className="h-5 w-5 rtl:-scale-x-100"
                aria-hidden="true"
              />
            </IconButton>
            <p
              className="absolute end-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs text-white"
              aria-live="polite"
            >
              {index + 1} / {list.length}
            </p>
          </>
        )}
      </div>
      {list.length > 1 && (
        <ul
          className="flex gap-2 overflow-x-auto pb-1"
          aria-label={_(msg`Choose a photo`)}
        >
          {list.map((url, position) => {
            const shown = position + 1;
            return (
              <li key={`${url}-${position}`} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setIndex(position)}
                  aria-label={_(msg`Show photo ${shown}`)}
                  aria-current={position === index ? "true" : undefined}
                  className={thumbnailVariants({
                    selected: position === index,
                  })}
                >
                  <img
                    src={srcOf(url)}
                    alt=""
                    width={96}
                    height={64}
                    loading="lazy"
                    onError={() => markFailed(url)}
                    className="h-16 w-24 object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
