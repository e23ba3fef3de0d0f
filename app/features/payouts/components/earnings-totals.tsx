import { formatMinor } from "~/lib/money";
import type { EarningsTotals } from "../earnings.server";

/** Pending, scheduled, paid and failed amounts, one row per currency (never added across currencies). */
export function EarningsTotalsTable({ totals, caption }: { totals: EarningsTotals[]; caption: string }) {
  if (totals.length === 0) return <p className="text-sm text-slate-600">No earnings yet. They show here once a guest books one of your listings.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] text-left text-sm">
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
    </div>
  );
}
