import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";

const AreaMap = lazy(() => import("./area-map"));

/** The listing's area map, downloaded only once its place on the page scrolls into view (area-map.tsx). */
export function LazyAreaMap(props: ComponentProps<typeof AreaMap>) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const box = <div className="h-64 rounded-xl border border-slate-200 bg-slate-50" aria-hidden="true" />;
  return (
    <div ref={placeholder}>
      {visible ? (
        <Suspense fallback={box}>
          <AreaMap {...props} />
        </Suspense>
      ) : (
        box
      )}
    </div>
  );
}
