import type { ReactNode } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { cn } from "./cn";

/**
 * What a list shows when it has nothing: an optional icon, a title, a sentence and
 * an optional action (a link or a button). A title or sentence that is a plain string
 * marked `translatable()` shows in the page's language (ADR 0294).
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const _ = useTranslate();
  const Heading = (["h2", "h3", "h4"] as const)[headingLevel - 2]!;
  return (
    <div className={cn("flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center", className)}>
      {icon && (
        <div className="mb-3 text-slate-400" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-slate-900">{typeof title === "string" ? _(title) : title}</Heading>
      {description && <p className="mt-1 max-w-md text-slate-600">{typeof description === "string" ? _(description) : description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
