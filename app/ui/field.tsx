import { createContext, useContext, useId, type ReactNode } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { cn } from "./cn";

type FieldIds = {
  /** The control's id (the label's `htmlFor`). */
  id: string;
  /** Space-separated ids of the error and hint, for `aria-describedby`. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FieldContext = createContext<FieldIds | null>(null);

/**
 * The id, description and validity of the control inside a `<Field>`. `Input`,
 * `Textarea` and `Select` read it, so they need no ids of their own; any other
 * control can spread `controlProps(useFieldControl())`.
 */
export function useFieldControl(): FieldIds | null {
  return useContext(FieldContext);
}

/** The attributes a control inside a `<Field>` should carry. */
export function controlProps(field: FieldIds | null) {
  if (!field) return {};
  return {
    id: field.id,
    "aria-describedby": field.describedBy,
    "aria-invalid": field.invalid || undefined,
    required: field.required || undefined,
  } as const;
}

export function errorIdOf(id: string) {
  return `${id}-error`;
}

export function hintIdOf(id: string) {
  return `${id}-hint`;
}

export type FieldProps = {
  label: ReactNode;
  /** The message shown under the control; the control is then `aria-invalid`. */
  error?: string | readonly string[] | null;
  hint?: ReactNode;
  required?: boolean;
  /** The control's id; generated when left out. */
  id?: string;
  /** Hide the label visually (it stays the control's accessible name). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * A label, one control, a hint and an error, wired by id: the label names the
 * control, the error and the hint describe it (`aria-describedby`), and an error
 * sets `aria-invalid`. A required field shows a red star the screen reader skips
 * (the control itself is `required`).
 */
export function Field({ label, error, hint, required = false, id: givenId, hideLabel = false, className, children }: FieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const message = Array.isArray(error) ? error[0] : (error as string | null | undefined);
  const describedBy = [message ? errorIdOf(id) : null, hint ? hintIdOf(id) : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className={cn("flex gap-1 text-sm font-medium text-slate-800", hideLabel && "sr-only")}>
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <FieldContext.Provider value={{ id, describedBy, invalid: Boolean(message), required }}>{children}</FieldContext.Provider>
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorIdOf(id)} message={message} />
    </div>
  );
}

/**
 * A field's error line; renders nothing without a message. A message marked
 * `translatable()` (a zod message, a server's error) shows in the page's language
 * (ADR 0294): every form's errors are translated here, in one place.
 */
export function FieldError({ id, message, className }: { id?: string; message?: string | null; className?: string }) {
  const _ = useTranslate();
  if (!message) return null;
  return (
    <p id={id} className={cn("mt-1 text-sm text-red-700", className)}>
      {_(message)}
    </p>
  );
}
