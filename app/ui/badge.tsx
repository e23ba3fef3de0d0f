import type { HTMLAttributes } from "react";
import { cn, cva, type VariantProps } from "./cn";

export const badgeVariants = cva("inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    tone: {
      neutral: "bg-slate-100 text-slate-700",
      brand: "bg-brand-100 text-brand-800",
      success: "bg-green-100 text-green-800",
      warning: "bg-amber-100 text-amber-800",
      danger: "bg-red-100 text-red-800",
      solid: "bg-brand-600 text-white",
    },
  },
  defaultVariants: { tone: "neutral" },
});

/** A short label (a status, a tag). The text says it all: colour is never the only signal. */
export function Badge({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...rest} />;
}
