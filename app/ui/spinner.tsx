import { LoaderCircle } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { cn } from "./cn";

/**
 * A turning circle. Decorative by default (the button or text beside it says what is
 * happening); give it a `label` when it stands alone and it becomes a status.
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const _ = useTranslate();
  const icon = <LoaderCircle aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{_(label)}</span>
    </span>
  );
}
