import type { ReactNode } from "react";
import { Card } from "~/ui/card";

/** One figure with its label (a dashboard or analytics tile); `detail` is a short line under it. */
export function StatTile({ label, value, detail, testId }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string }) {
  return (
    <Card padding="none" className="p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold break-words text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </Card>
  );
}
