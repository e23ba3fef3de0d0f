import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { cn, cva, type VariantProps } from "./cn";

export const switchVariants = cva(
  "inline-flex items-center gap-2 rounded-full text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70",
  {
    variants: {
      checked: { true: "", false: "" },
      /** `solid` stands out on a page; `soft` sits quietly in a list row. */
      tone: { solid: "", soft: "" },
      size: { sm: "px-3 py-1.5", md: "min-h-11 px-4 py-2" },
    },
    compoundVariants: [
      { tone: "solid", checked: true, className: "bg-emerald-700 text-white" },
      { tone: "solid", checked: false, className: "bg-slate-300 text-slate-900" },
      { tone: "soft", checked: true, className: "bg-emerald-100 text-emerald-800" },
      { tone: "soft", checked: false, className: "bg-slate-200 text-slate-700" },
    ],
    defaultVariants: { checked: false, tone: "solid", size: "md" },
  },
);

const dotVariants = cva("size-2.5 rounded-full", {
  variants: { checked: { true: "", false: "" }, tone: { solid: "", soft: "" } },
  compoundVariants: [
    { tone: "solid", checked: true, className: "bg-white" },
    { tone: "solid", checked: false, className: "bg-slate-700" },
    { tone: "soft", checked: true, className: "bg-emerald-600" },
    { tone: "soft", checked: false, className: "bg-slate-500" },
  ],
  defaultVariants: { checked: false, tone: "solid" },
});

export type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-checked" | "role"> &
  Omit<VariantProps<typeof switchVariants>, "checked"> & {
    /** On or off: sets `aria-checked`. */
    checked: boolean;
    onCheckedChange?: (checked: boolean) => void;
    /** The visible text; it may follow the state (e.g. "Available" / "Unavailable"). */
    children: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

/**
 * An on/off control (`role="switch"`, `aria-checked`): a pill with a dot and its text. Inside a
 * form give it `type="submit"` and a hidden input carrying the new value.
 */
export function Switch({ checked, onCheckedChange, onClick, tone, size, className, children, type = "button", ...rest }: SwitchProps) {
  return (
    <button
      type={type}
      role="switch"
      aria-checked={checked}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      className={cn(switchVariants({ checked, tone, size }), className)}
      {...rest}
    >
      <span className={dotVariants({ checked, tone })} aria-hidden="true" />
      {children}
    </button>
  );
}
