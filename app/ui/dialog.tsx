import * as RadixDialog from "@radix-ui/react-dialog";
import { msg } from "@lingui/core/macro";
import { X } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import type { ComponentProps, ReactNode } from "react";
import { cn, cva, type VariantProps } from "./cn";
import { layer } from "./layers";

/**
 * One dialog: Radix's focus trap, Escape and outside click, with our one overlay,
 * one close button and the z-index of `layer.dialog`.
 *
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogContent title="Sign In" description="Welcome back.">…</DialogContent>
 *   </Dialog>
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** The dialog's name, for a body that works it out itself (leave `DialogContent`'s `title` out then). */
export function DialogTitle({ className, ...rest }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn("pe-10 text-2xl font-bold text-slate-900", className)} {...rest} />;
}

const contentVariants = cva(`fixed ${layer.dialog} overflow-y-auto bg-white shadow-xl focus:outline-none`, {
  variants: {
    size: {
      sm: "sm:max-w-md",
      md: "sm:max-w-lg",
      lg: "sm:max-w-2xl",
    },
    /** `sheet`: a bottom sheet on phones, centred from `sm` up; `center`: centred everywhere. */
    placement: {
      center: "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6 sm:w-full sm:p-8",
      sheet:
        "inset-x-0 bottom-0 max-h-[90vh] rounded-t-2xl p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6",
    },
  },
  defaultVariants: { size: "md", placement: "center" },
});

type ContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, "title"> &
  VariantProps<typeof contentVariants> & {
    /** The dialog's name; leave it out only when the body renders a `DialogTitle`. */
    title?: ReactNode;
    /** Shown under the title and linked as the dialog's description. */
    description?: ReactNode;
    /** Keep the title for screen readers only (the body shows its own heading). */
    hideTitle?: boolean;
  };

export function DialogContent({ title, description, hideTitle = false, size, placement, className, children, ...rest }: ContentProps) {
  const _ = useTranslate();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={cn("fixed inset-0 bg-slate-900/50", layer.dialog)} />
      <RadixDialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(contentVariants({ size, placement }), className)}
        {...rest}
      >
        {title !== undefined && <DialogTitle className={cn(hideTitle && "sr-only")}>{typeof title === "string" ? _(title) : title}</DialogTitle>}
        {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{typeof description === "string" ? _(description) : description}</RadixDialog.Description>}
        {children}
        <RadixDialog.Close className="absolute top-3 end-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label={_(msg`Close`)}>
          <X className="size-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
