import { formatMinorIn } from "~/features/hosting/format";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import type { EarningsTotals } from "../earnings.server";

/** Pending, scheduled, paid and failed amounts, one row per currency (never added across currencies). */
export function EarningsTotalsTable({ totals, caption }: { totals: EarningsTotals[]; caption: string }) {
  const _ = useTranslate();
  const locale = useLocale();
  const formatMinor = (minor: number, currency: string) => formatMinorIn(locale, minor, currency);
  if (totals.length === 0) return <p className="text-sm text-slate-600">{_(msg`No earnings yet. They show here once a guest books one of your listings.`)}</p>;
  return (
    <>
      {/* Phones: one block per currency with every figure in view (five columns would scroll out of sight). */}
      <ul className="space-y-3 sm:hidden" aria-label={caption}>
        {totals.map((t) => (
          <li key={t.currency} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">{t.currency}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {FIGURES.map(({ key, label, tone }) => (
                <div key={key} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{_(label)}</dt>
                  <dd className={`tabular-nums ${tone(t)}`}>{formatMinor(t[key], t.currency)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-start text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pe-3 font-semibold">
              {_(msg`Currency`)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">
              {_(FIGURES[0]!.label)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">
              {_(FIGURES[1]!.label)}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">
              {_(FIGURES[2]!.label)}
            </th>
            <th scope="col" className="py-2 text-end font-semibold">
              {_(FIGURES[3]!.label)}
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.currency} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pe-3 font-semibold text-slate-900">
                {t.currency}
              </th>
              <td className="py-2 pe-3 text-end tabular-nums">{formatMinor(t.pending, t.currency)}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{formatMinor(t.scheduled, t.currency)}</td>
              <td className="py-2 pe-3 text-end font-semibold text-green-800 tabular-nums">{formatMinor(t.paid, t.currency)}</td>
              <td className={`py-2 text-end tabular-nums ${t.failed > 0 ? "font-semibold text-red-700" : ""}`}>{formatMinor(t.failed, t.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

type Figure = "pending" | "scheduled" | "paid" | "failed";
const FIGURES: { key: Figure; label: string; tone: (t: EarningsTotals) => string }[] = [
  { key: "pending", label: translatable("Pending"), tone: () => "" },
  { key: "scheduled", label: translatable("Scheduled"), tone: () => "" },
  { key: "paid", label: translatable("Paid"), tone: () => "font-semibold text-green-800" },
  { key: "failed", label: translatable("Failed"), tone: (t) => (t.failed > 0 ? "font-semibold text-red-700" : "") },
];
