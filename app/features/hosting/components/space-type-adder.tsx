import { msg } from "@lingui/core/macro";
import { Plus } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { useEffect, useRef, useState } from "react";
import { parseForm } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { spaceTypeSchema } from "../space-type-form";
import { useHydrated } from "~/ui/use-hydrated";

export type SpaceTypeOption = { id: string; name: string; label: string };

type AddResult = { spaceType?: SpaceTypeOption; error?: string; fieldErrors?: { label?: string } };

/**
 * Adds a space type without leaving the form (POST /api/space-types). It sits inside
 * the listing form, so it cannot be a form of its own: the same schema as the
 * endpoint's runs here first, then the request is sent.
 */
export function SpaceTypeAdder({ onAdded }: { onAdded: (type: SpaceTypeOption, select: boolean) => void }) {
  const _ = useTranslate();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Button variant="link" size="text" disabled={!hydrated} onClick={() => setOpen(true)} className="mt-2">
        <Plus className="h-4 w-4" aria-hidden="true" /> {_(msg`Add a new type`)}
      </Button>
    );
  }
  async function submit() {
    if (busy) return;
    const checked = parseForm(spaceTypeSchema, { label });
    if (!checked.ok) {
      setError(checked.fieldErrors.label ?? ERROR_TEXT.addSpaceType);
      inputRef.current?.focus();
      return;
    }
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
        setError(result.fieldErrors?.label ?? result.error ?? ERROR_TEXT.addSpaceType);
        inputRef.current?.focus();
      }
    } catch {
      setError(ERROR_TEXT.addSpaceType);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field label={_(msg`New space type`)} error={error ? _(error) : null}>
        <div className="mt-1 flex gap-2">
          <Input
            ref={inputRef}
            value={label}
            maxLength={40}
            onChange={(event) => {
              setLabel(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the type instead of submitting the whole listing form.
              if (event.key === "Enter") {
                event.preventDefault();
                void submit();
              }
            }}
            className="mt-0"
            placeholder={_(msg`e.g. Rooftop Terrace`)}
          />
          <Button size="sm" onClick={() => void submit()} pending={busy} className="shrink-0">
            {_(msg`Add type`)}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setOpen(false)} className="shrink-0 px-2 hover:bg-transparent hover:underline">
            {_(msg`Close`)}
          </Button>
        </div>
      </Field>
    </div>
  );
}
