import { X } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { cn, cva } from "./cn";
import { layer } from "./layers";

const toastVariants = cva("pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 shadow-lg", {
  variants: {
    tone: {
      success: "border-green-200 bg-green-50 text-green-800",
      error: "border-red-200 bg-red-50 text-red-700",
      info: "border-slate-200 bg-white text-slate-800",
    },
  },
});

export type ToastMessage = { tone: "success" | "error" | "info"; message: string };

/**
 * A flash message over the page, bottom-centre above the phone's navigation bar,
 * until it is dismissed. An error is an alert, the others a polite status.
 * Its message, when marked `translatable()` (a flash set by the server), shows in the
 * page's language (ADR 0294).
 * Give it a `key` that changes with each new message so a dismissed toast can show again.
 */
export function Toast({ toast }: { toast: ToastMessage }) {
  const _ = useTranslate();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className={cn("pointer-events-none fixed inset-x-0 bottom-20 flex justify-center px-4 md:bottom-6", layer.toast)}>
      <div role={toast.tone === "error" ? "alert" : "status"} className={toastVariants({ tone: toast.tone })} data-testid="toast">
        <p className="flex-1 font-medium">{_(toast.message)}</p>
        <button type="button" onClick={() => setOpen(false)} className="-m-1 rounded-full p-1 opacity-70 hover:opacity-100" aria-label={_(msg`Dismiss`)}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
