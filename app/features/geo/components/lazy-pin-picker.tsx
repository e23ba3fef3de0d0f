import { lazy, Suspense } from "react";
import { useHydrated } from "~/ui/use-hydrated";

const PinPicker = lazy(() => import("./pin-picker"));

/** The host's pin map, mounted in the browser only and downloaded on first use (pin-picker.tsx). */
export function LazyPinPicker({ styleUrl }: { styleUrl: string | null }) {
  const mounted = useHydrated();
  if (!mounted) return <div className="h-72 rounded-lg border border-slate-200 bg-slate-50 sm:col-span-2" aria-hidden="true" />;
  return (
    <Suspense fallback={<div className="h-72 rounded-lg border border-slate-200 bg-slate-50 sm:col-span-2" aria-hidden="true" />}>
      <PinPicker styleUrl={styleUrl} />
    </Suspense>
  );
}
