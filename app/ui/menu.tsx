import { cva, type VariantProps } from "./cn";

/**
 * The look of one entry in a menu (a link or a button): a dropdown's item, highlighted by
 * the keyboard through `data-highlighted`, or a row of a list menu on a phone.
 */
export const menuItemVariants = cva(
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 text-start outline-none select-none hover:bg-slate-100 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900",
  {
    variants: {
      size: {
        /** A dropdown's item. */
        sm: "py-2 text-sm text-slate-700",
        /** A row on a phone: a larger target. */
        lg: "py-3 text-base text-slate-800",
      },
    },
    defaultVariants: { size: "sm" },
  },
);

export type MenuItemVariants = VariantProps<typeof menuItemVariants>;
