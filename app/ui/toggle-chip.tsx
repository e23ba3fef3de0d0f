import type { ButtonHTMLAttributes, Ref } from "react";
import { cn, cva, type VariantProps } from "./cn";

/**
 * The look of a pill that is on or off: a filter, a category, a step. Use it on links too
 * (`<Link aria-current className={toggleChipVariants({ selected })}>`) when the choice is a page.
 */
export const toggleChipVariants = cva(
  "inline-flex items-center justify-center gap-1.5 rounded-full border font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      selected: {
        true: "border-brand-700 bg-brand-700 text-white",
        false: "border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:bg-slate-50",
      },
      size: {
        sm: "px-3 py-1.5 text-sm",
        md: "px-4 py-2 text-sm",
      },
    },
    defaultVariants: { selected: false, size: "md" },
  },
);

export type ToggleChipProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-pressed"> &
  Omit<VariantProps<typeof toggleChipVariants>, "selected"> & {
    /** On or off: sets `aria-pressed`, so a screen reader says which is chosen. */
    selected: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

/** A button that stays pressed: `aria-pressed` tells its state, the look follows it. */
export function ToggleChip({ selected, size, className, type = "button", ...rest }: ToggleChipProps) {
  return <button type={type} aria-pressed={selected} className={cn(toggleChipVariants({ selected, size }), className)} {...rest} />;
}
