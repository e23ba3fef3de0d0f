import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslate } from "~/features/i18n/use-translate";

type Decided = (message: string) => void;

/**
 * A list of items an admin decides one at a time (/admin's identity reviews and disputed
 * claims): a decided item leaves the list, and its answer ("…: Approved.") stays in one
 * live region above it, read out once, after the page's reload has left the row out.
 */
export function DecisionQueue<Row extends { id: string }>({
  rows,
  empty,
  testId,
  item,
}: {
  rows: readonly Row[];
  empty: string;
  testId: string;
  item: (row: Row, onDecided: Decided) => ReactNode;
}) {
  const [done, setDone] = useState<string[]>([]);
  const _ = useTranslate();
  const onDecided = useCallback<Decided>((message) => setDone((current) => (current.includes(message) ? current : [...current, message])), []);
  return (
    <>
      <div role="status" className="text-sm text-green-800">
        {done.map((message) => (
          <p key={message} className="mt-2">
            {_(message)}
          </p>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-600">{_(empty)}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid={testId}>
          {rows.map((row) => item(row, onDecided))}
        </ul>
      )}
    </>
  );
}

/**
 * An item's answer once it is decided (`decided`, or null): handed to the queue as
 * "`label`: answer". Returns true when the item is decided, so it renders nothing more.
 */
export function useDecided(decided: string | null, label: string, onDecided: Decided): boolean {
  useEffect(() => {
    if (decided) onDecided(`${label}: ${decided}`);
  }, [decided, label, onDecided]);
  return decided !== null;
}
