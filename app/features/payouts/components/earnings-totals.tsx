import { formatMinor } from "~/lib/money";
import type { EarningsTotals } from "../earnings.server";

/** Pending, scheduled, paid and failed amounts, one row per currency (never added across currencies). */
export function EarningsTotalsTable({ totals, caption }: { totals: EarningsTotals[]; caption: string }) {
  if (totals.length === 0) return <p className="text-sm text-slate-600">No earnings yet. They show here once a guest books one of your listings.</p>;
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
                  <dt className="text-slate-600">{label}</dt>
                  <dd className={`tabular-nums ${tone(t)}`}>{formatMinor(t[key], t.currency)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Currency
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Pending
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Scheduled
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Paid
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Failed
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.currency} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                {t.currency}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMinor(t.pending, t.currency)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMinor(t.scheduled, t.currency)}</td>
              <td className="py-2 pr-3 text-right font-semibold text-green-800 tabular-nums">{formatMinor(t.paid, t.currency)}</td>
              <td className={`py-2 text-right tabular-nums ${t.failed > 0 ? "font-semibold text-red-700" : ""}`}>{formatMinor(t.failed, t.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

type Figure = "pending" | "scheduled" | "paid" | "failed";
const FIGURES: { key: Figure; label: string; tone: (t: EarningsTotals) => string }[] = [
  { key: "pending", label: "Pending", tone: () => "" },
  { key: "scheduled", label: "Scheduled", tone: () => "" },
  { key: "paid", label: "Paid", tone: () => "font-semibold text-green-800" },
  { key: "failed", label: "Failed", tone: (t) => (t.failed > 0 ? "font-semibold text-red-700" : "") },
];
