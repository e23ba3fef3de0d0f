import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { FALLBACK_IMAGE } from "../card";
import { IconButton } from "~/ui/icon-button";
import { thumbnailVariants } from "~/ui/card";

/**
 * The listing's images: one large picture, previous/next buttons and a row of
 * thumbnails. Arrow keys move between images when the gallery has focus.
 */
export function SpaceGallery({ images, title }: { images: string[]; title: string }) {
  const list = images.length > 0 ? images : [FALLBACK_IMAGE];
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Set<string>>(() => new Set());
  const current = list[index] ?? list[0]!;
  const srcOf = (url: string) => (failed.has(url) ? FALLBACK_IMAGE : url);
  const markFailed = (url: string) => setFailed((old) => new Set(old).add(url));
  const go = (delta: number) => setIndex((old) => (old + delta + list.length) % list.length);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (list.length < 2) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  }

  return (
    <section aria-roledescription="carousel" aria-label="Photos" onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <img
          src={srcOf(current)}
          alt={`${title} — photo ${index + 1} of ${list.length}`}
          width={1200}
          height={800}
          fetchPriority="high"
          onError={() => markFailed(current)}
          className="aspect-[3/2] w-full object-cover"
        />
        {list.length > 1 && (
          <>
            <IconButton variant="overlay" size="md" label="Previous photo" onClick={() => go(-1)} className="absolute top-1/2 left-3 -translate-y-1/2">
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </IconButton>
            <IconButton variant="overlay" size="md" label="Next photo" onClick={() => go(1)} className="absolute top-1/2 right-3 -translate-y-1/2">
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </IconButton>
            <p className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs text-white" aria-live="polite">
              {index + 1} / {list.length}
            </p>
          </>
        )}
      </div>
      {list.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {list.map((url, position) => (
            <li key={`${url}-${position}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                className={thumbnailVariants({ selected: position === index })}
              >
                <img src={srcOf(url)} alt="" width={96} height={64} loading="lazy" onError={() => markFailed(url)} className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
