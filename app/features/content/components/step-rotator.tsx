import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonVariants } from "~/ui/button";
import { choiceCardVariants } from "~/ui/card";

export const STEP_INTERVAL_MS = 5000;

/**
 * docs/product.md#how-it-works: rotate every 5 s and can be chosen by click. The
 * rotation pauses while the pointer or focus is inside, when the visitor presses
 * Pause, and never starts for visitors who prefer reduced motion.
 */
export function StepRotator({
  steps,
}: {
  steps: readonly { title: string; description: string; detail: string }[];
}) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const rotating = !hovered && !focused && !paused && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setActive((current) => (current + 1) % steps.length),
      STEP_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotating, steps.length]);

  const step = steps[active]!;
  const _ = useTranslate();
  const number = active + 1;
  const total = steps.length;
  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setFocused(false);
      }}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]"
    >
      <ol className="grid gap-3" aria-label={_(msg`Steps`)}>
        {steps.map((item, index) => {
          const current = index === active;
          const position = index + 1;
          return (
            <li key={item.title}>
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-current={current ? "step" : undefined}
                aria-controls="how-step-panel"
                className={choiceCardVariants({ selected: current })}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
                    current
                      ? "bg-brand-600 text-white"
                      : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {index + 1}
                </span>
                <span className="font-semibold text-slate-900">
                  <span className="sr-only">{_(msg`Step ${position}: `)}</span>
                  {_(item.title)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div
        id="how-step-panel"
        className="flex flex-col rounded-2xl bg-brand-800 p-6 text-white sm:p-8"
      >
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
          {_(msg`Step ${number} of ${total}`)}
        </p>
        <h3 className="mt-2 text-2xl font-bold">{_(step.title)}</h3>
        <p className="mt-3 text-brand-50">{_(step.description)}</p>
        <p className="mt-3 text-brand-100">{_(step.detail)}</p>
        <div className="mt-auto flex items-center justify-between gap-4 pt-6">
          <div className="flex gap-2" aria-hidden="true">
            {steps.map((item, index) => (
              <span
                key={item.title}
                className={`h-1.5 w-8 rounded-full ${index === active ? "bg-white" : "bg-white/30"}`}
              />
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setPaused((value) => !value)}
              className={buttonVariants({
                variant: "inverseOutline",
                size: "sm",
                className: "gap-1.5 border-white/40 py-1.5 font-medium",
              })}
            >
              {paused ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
              {paused ? _(msg`Play`) : _(msg`Pause`)}
              <span className="sr-only">{_(msg` step rotation`)}</span>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
