import type { HTMLAttributes } from "react";
import { cn, cva, type VariantProps } from "./cn";

export const cardVariants = cva("rounded-xl border border-slate-200 bg-white shadow-sm", {
  variants: {
    padding: { none: "", md: "p-4 sm:p-6", lg: "p-6 sm:p-8" },
  },
  defaultVariants: { padding: "md" },
});

/** A white box with a border: a section of a form, a tile, a panel. */
export function Card({ padding, className, ...rest }: HTMLAttributes<HTMLDivElement> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ padding }), className)} {...rest} />;
}

/** A card that is a choice (a step, an option): the chosen one stands out. Put it on a button. */
export const choiceCardVariants = cva("flex w-full items-center gap-4 rounded-xl border p-4 text-start transition", {
  variants: {
    selected: {
      true: "border-brand-600 bg-brand-50 shadow-sm",
      false: "border-slate-200 bg-white hover:border-slate-300",
    },
  },
  defaultVariants: { selected: false },
});

/** A picture that is a choice (a gallery's thumbnail): the chosen one has a brand-coloured frame. */
export const thumbnailVariants = cva("block overflow-hidden rounded-lg border-2 transition-colors", {
  variants: {
    selected: { true: "border-brand-600", false: "border-transparent hover:border-slate-300" },
  },
  defaultVariants: { selected: false },
});
