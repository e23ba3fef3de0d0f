import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { cn, cva, type VariantProps } from "./cn";
import { Spinner } from "./spinner";

/**
 * The look of a button. Use it on `<Link>`s that look like buttons too:
 * `<Link className={buttonVariants({ size: "lg" })}>`.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-brand-600 text-white hover:bg-brand-700",
        secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
        /** A second choice beside a primary one, in the brand colour. */
        outline: "border border-brand-600 text-brand-700 hover:bg-brand-50",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        danger: "bg-red-600 text-white hover:bg-red-700",
        /** On a dark or photographic background. */
        inverse: "bg-white text-brand-800 hover:bg-brand-50",
        /** The second choice on a dark or photographic background. */
        inverseOutline: "border border-white/70 text-white hover:bg-white/10",
        /** Looks like a link but acts (an action in a line of text); pair it with size "text". */
        link: "text-brand-700 underline-offset-2 hover:underline",
      },
      size: {
        sm: "px-3 py-2 text-sm",
        md: "px-4 py-2.5",
        lg: "px-5 py-3",
        icon: "size-9 p-0",
        /** No padding: for the "link" variant in running text. */
        text: "gap-1 rounded-md p-0 text-sm",
      },
      block: { true: "w-full", false: "" },
      /** Fully rounded ends: a header control, a chip-like action. */
      pill: { true: "rounded-full", false: "" },
    },
    defaultVariants: { variant: "primary", size: "lg", block: false, pill: false },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & {
    /** While true the button is disabled, busy, and shows a spinner (and `pendingText` if given). */
    pending?: boolean;
    pendingText?: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

/** A button: `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, block, pill, pending = false, pendingText, className, disabled, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(buttonVariants({ variant, size, block, pill }), pending && "cursor-wait", className)}
      {...rest}
    >
      {pending && <Spinner />}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
