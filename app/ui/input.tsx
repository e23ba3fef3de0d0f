import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn, cva } from "./cn";
import { controlProps, useFieldControl } from "./field";

/** The look of a text control (input, textarea, select). */
export const controlVariants = cva(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500",
  {
    variants: {
      size: { md: "", lg: "py-3 text-base" },
      /** Inside a `<Field>` the control sits under its label. */
      inField: { true: "mt-1", false: "" },
    },
    defaultVariants: { size: "md", inField: false },
  },
);

type ControlSize = "md" | "lg";

export function Input({ className, size, ref, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & { size?: ControlSize; ref?: Ref<HTMLInputElement> }) {
  const field = useFieldControl();
  return <input ref={ref} {...controlProps(field)} {...rest} className={cn(controlVariants({ size, inField: Boolean(field) }), className)} />;
}

export function Textarea({ className, ref, rows = 5, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const field = useFieldControl();
  return <textarea ref={ref} rows={rows} {...controlProps(field)} {...rest} className={cn(controlVariants({ inField: Boolean(field) }), className)} />;
}

export function Select({ className, size, ref, children, ...rest }: Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & { size?: ControlSize; ref?: Ref<HTMLSelectElement> }) {
  const field = useFieldControl();
  return (
    <select ref={ref} {...controlProps(field)} {...rest} className={cn(controlVariants({ size, inField: Boolean(field) }), className)}>
      {children}
    </select>
  );
}
