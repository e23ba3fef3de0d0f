import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import { useNavigation } from "react-router";

const AreaMap = lazy(() => import("./area-map"));

/**
 * The listing's area map, downloaded only once its place on the page scrolls into view
 * (area-map.tsx), and then only while the page is idle and staying. MapLibre takes the
 * main thread for a moment; 'Contact Host' sits just above the map, and a guest's tap on
 * it had to wait for the map to draw before the conversation opened (over 10 s on a busy
 * machine). A navigation under way goes first: the map starts if the guest stays.
 */
export function LazyAreaMap(props: ComponentProps<typeof AreaMap>) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [visible, setVisible] = useState(false);
  const leaving = useNavigation().state !== "idle";
  useEffect(() => {
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!near || visible || leaving) return;
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(() => setVisible(true), 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setVisible(true), { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }, [near, visible, leaving]);
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
