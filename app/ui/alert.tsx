import type { HTMLAttributes, ReactNode, Ref } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { cn, cva, type VariantProps } from "./cn";

export const alertVariants = cva("rounded-lg border px-4 py-3", {
  variants: {
    tone: {
      error: "border-red-200 bg-red-50 text-red-700",
      success: "border-green-200 bg-green-50 text-green-800",
      info: "border-slate-200 bg-slate-50 text-slate-700",
    },
  },
  defaultVariants: { tone: "info" },
});

/**
 * A message box. `error` is an assertive `role="alert"` (read out at once);
 * `success` and `info` are polite `role="status"`. `live={false}` drops the role for a
 * box that is part of the page from the start and need not be announced.
 * A title or body that is a plain string marked `translatable()` (ERROR_TEXT, a form's
 * error, a server's message) shows in the page's language (ADR 0294).
 */
export function Alert({
  tone = "info",
  title,
  live = true,
  className,
  children,
  ref,
  ...rest
}: HTMLAttributes<HTMLDivElement> &
  VariantProps<typeof alertVariants> & { title?: ReactNode; live?: boolean; ref?: Ref<HTMLDivElement> }) {
  const _ = useTranslate();
  const role = !live ? undefined : tone === "error" ? "alert" : "status";
  return (
    <div ref={ref} role={role} className={cn(alertVariants({ tone }), className)} {...rest}>
      {title && <p className="font-semibold">{typeof title === "string" ? _(title) : title}</p>}
      {typeof children === "string" ? _(children) : children}
    </div>
  );
}
