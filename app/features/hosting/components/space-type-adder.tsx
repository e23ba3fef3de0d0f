import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { inputClass } from "./fields";

export type SpaceTypeOption = { id: string; name: string; label: string };

type AddResult = { spaceType?: SpaceTypeOption; error?: string };

/** Adds a space type without leaving the form (POST /api/space-types). */
export function SpaceTypeAdder({ onAdded }: { onAdded: (type: SpaceTypeOption, select: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <button type="button" disabled={!hydrated} onClick={() => setOpen(true)} className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <Plus className="h-4 w-4" aria-hidden="true" /> Add a new type
      </button>
    );
  }
  async function submit() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("label", label);
      const response = await fetch("/api/space-types", { method: "POST", body });
      const result = (await response.json().catch(() => ({}))) as AddResult;
      if (response.ok && result.spaceType) {
        onAdded(result.spaceType, true);
        setLabel("");
        setOpen(false);
      } else {
        setError(result.error ?? "Failed to add space type");
      }
    } catch {
      setError("Failed to add space type");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        New space type
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={id}
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the type instead of submitting the whole listing form.
            if (event.key === "Enter") {
              event.preventDefault();
              void submit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} mt-0`}
          placeholder="e.g. Rooftop Terrace"
        />
        <button
          type="button"
          onClick={() => void submit()}
          disabled={busy}
          className="shrink-0 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Add type
        </button>
        <button type="button" onClick={() => setOpen(false)} className="shrink-0 rounded-lg px-2 py-2 text-sm text-slate-700 hover:underline">
          Close
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
