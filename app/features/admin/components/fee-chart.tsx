import { msg } from "@lingui/core/macro";
import { intlLocale } from "~/lib/locales";
import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { formatMinorWhole, minorUnitDigits as currencyDigits } from "~/lib/money";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { ToggleChip } from "~/ui/toggle-chip";
import { chartSeries, monthLabel, WHOLE_STEPS, type FeeMonth } from "../analytics";
import { formatDate } from "~/lib/dates";

/**
 * Bookings and platform fees per month, drawn with uPlot (ADR 0152). The library is
 * imported in the browser only, when this chart mounts, so no other page loads it. The
 * chart is a picture of the fee table beside it, which is its accessible equivalent:
 * the canvas is hidden from assistive technology. Fees are drawn for one currency at a
 * time (amounts of different currencies are never added).
 */
export function FeeChart({ rows, months }: { rows: readonly FeeMonth[]; months: readonly string[] }) {
  const series = chartSeries(rows, months);
  const currencies = Object.keys(series.fees).sort((a, b) => sum(series.fees[b]!) - sum(series.fees[a]!) || a.localeCompare(b));
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && series.fees[chosen] ? chosen : (currencies[0] ?? "USD");
  const box = useRef<HTMLDivElement>(null);
  const _ = useTranslate();
  const language = useLocale();
  const locale = intlLocale(language);
  const bookingsLabel = _(msg`Bookings`);
  const feesLabel = _(msg`Fees (${currency})`);
  const key = JSON.stringify([series, currency, bookingsLabel, locale]);

  useEffect(() => {
    const element = box.current;
    if (!element || series.months.length === 0) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const width = () => Math.max(280, element.clientWidth);
      const x = series.months.map((month) => Date.parse(month) / 1000);
      const fees = series.fees[currency] ?? series.months.map(() => 0);
      plot = new UPlot(
        {
          width: width(),
          height: 260,
          legend: { show: true },
          scales: { x: { time: true }, bookings: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] }, fees: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { values: (_u, splits) => splits.map((s) => shortMonth(s, locale)) },
            { scale: "bookings", label: bookingsLabel, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map((s) => String(Math.round(s))) },
            { scale: "fees", side: 1, label: feesLabel, grid: { show: false }, size: 70, incrs: currencyDigits(currency) === 0 ? WHOLE_STEPS : WHOLE_STEPS.filter((step) => step >= 100), values: (_u, splits) => splits.map((s) => formatMinorWhole(Math.round(s), currency)) },
          ],
          series: [
            { value: (_u, v) => (v == null ? "" : monthLabel(new Date(v * 1000), locale)) },
            { label: bookingsLabel, scale: "bookings", stroke: "#0f766e", width: 2, points: { show: true } },
            { label: feesLabel, scale: "fees", stroke: "#b45309", width: 2, dash: [6, 4], points: { show: true }, value: (_u, v) => (v == null ? "" : formatMinorWhole(Math.round(v), currency)) },
          ],
        },
        [x, series.bookings, fees],
        element,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: 260 }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // `key` stands for the series and currency the chart draws.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (series.months.length === 0) return null;
  return (
    <figure className="min-w-0" aria-labelledby="fee-chart-caption">
      <figcaption id="fee-chart-caption" className="text-sm text-slate-600">
        {_(msg`Bookings and platform fees per month (the table below lists the same figures).`)}
      </figcaption>
      {currencies.length > 1 && (
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={_(msg`Fees in currency`)}>
          {currencies.map((code) => (
            <ToggleChip key={code} size="sm" selected={code === currency} onClick={() => setChosen(code)}>
              {code}
            </ToggleChip>
          ))}
        </div>
      )}
      <div ref={box} className="mt-3 min-h-[300px] w-full overflow-hidden" aria-hidden="true" data-testid="fee-chart" />
    </figure>
  );
}

/** "Nov" or, in January, "Jan 2027" for an axis tick (seconds since the epoch). */
function shortMonth(seconds: number, locale: string) {
  const date = new Date(seconds * 1000);
  return date.getUTCMonth() === 0 ? monthLabel(date, locale) : formatDate(date, locale, { month: "short", timeZone: "UTC" });
}

function sum(values: readonly number[]) {
  return values.reduce((total, value) => total + value, 0);
}
