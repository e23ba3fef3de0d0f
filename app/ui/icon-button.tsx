import type { ButtonHTMLAttributes, Ref } from "react";
import { cn, cva, type VariantProps } from "./cn";

export const iconButtonVariants = cva(
  "inline-flex shrink-0 items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        /** On a white page. */
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
        /** Over a photo: a white disc with a shadow. */
        overlay: "bg-white/90 text-slate-800 shadow hover:bg-white",
        /** On a dark or photographic background. */
        inverse: "bg-white/15 text-white hover:bg-white/30",
        danger: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
      },
      size: {
        sm: "size-8 [&_svg]:size-4",
        md: "size-9 [&_svg]:size-5",
        lg: "size-11 [&_svg]:size-5",
      },
    },
    defaultVariants: { variant: "ghost", size: "md" },
  },
);

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> &
  VariantProps<typeof iconButtonVariants> & {
    /** The button's accessible name (it has no visible text): required. */
    label: string;
    ref?: Ref<HTMLButtonElement>;
  };

/** A button that shows only an icon; `label` becomes its `aria-label`. Pass the icon `aria-hidden`. */
export function IconButton({ label, variant, size, className, type = "button", ...rest }: IconButtonProps) {
  return <button type={type} aria-label={label} className={cn(iconButtonVariants({ variant, size }), className)} {...rest} />;
}
