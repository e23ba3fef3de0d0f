import { cx } from "class-variance-authority";
import { twMerge } from "tailwind-merge";

export { cva, type VariantProps } from "class-variance-authority";

/**
 * Joins class names (strings, falsy values, arrays) and lets a later Tailwind class
 * win over an earlier one of the same kind: `cn("mt-1 px-3", "mt-0")` is `"px-3 mt-0"`.
 * Every primitive merges the caller's `className` through this, so an override works.
 */
export function cn(...inputs: Parameters<typeof cx>): string {
  return twMerge(cx(...inputs));
}
