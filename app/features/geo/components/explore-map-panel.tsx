import { List, Map as MapIcon } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";

import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

const ExploreMap = lazy(() => import("./explore-map"));

/** Wide screens show the map beside the list (Tailwind's xl). */
const WIDE = "(min-width: 1280px)";

function useWide() {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}

/** The listing id of the card an event happened in (its link carries `?id=`). */
function cardId(target: EventTarget | null): string | null {
  const link = (target as HTMLElement | null)
    ?.closest?.("article")
    ?.querySelector("a[href]");
  const href = link?.getAttribute("href");
  if (!href) return null;
  return new URL(href, "http://x").searchParams.get("id");
}

/**
 * /explore's list with its map (issue #27 point 4): beside the list on wide screens, behind
 * a 'Map' toggle on phones and tablets. The map (MapLibre) is only downloaded once it is
 * shown; hovering or focusing a card highlights its pin.
 */
export function ExploreMapPanel({
  query,
  styleUrl,
  moveSearch,
  onMoveSearchChange,
  onBoundsChange,
  children,
}: {
  query: string;
  styleUrl: string | null;
  moveSearch: boolean;
  onMoveSearchChange: (on: boolean) => void;
  onBoundsChange: (bounds: string) => void;
  children: ReactNode;
}) {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const showMap = wide || open;
  const _ = useTranslate();

  return (
    <div>
      <div className="mb-3 xl:hidden">
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls="explore-map-panel"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <List className="h-4 w-4" aria-hidden="true" />
          ) : (
            <MapIcon className="h-4 w-4" aria-hidden="true" />
          )}
          {open ? _(msg`List`) : _(msg`Map`)}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div
          className={cn("min-w-0", open && !wide && "hidden")}
          onMouseOver={(event) => setHighlightId(cardId(event.target))}
          onMouseLeave={() => setHighlightId(null)}
          onFocus={(event) => setHighlightId(cardId(event.target))}
          onBlur={() => setHighlightId(null)}
        >
          {children}
        </div>
        <div
          id="explore-map-panel"
          className={cn("min-w-0", !showMap && "hidden")}
        >
          <div className="h-[70vh] xl:sticky xl:top-20 xl:h-[calc(100vh-6rem)] xl:max-h-[48rem]">
            {showMap && (
              <Suspense
                fallback={
                  <p className="p-4 text-sm text-slate-600">
                    {_(msg`Loading map…`)}
                  </p>
                }
              >
                <ExploreMap
                  query={query}
                  styleUrl={styleUrl}
                  highlightId={highlightId}
                  moveSearch={moveSearch}
                  onMoveSearchChange={onMoveSearchChange}
                  onBoundsChange={onBoundsChange}
                />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
