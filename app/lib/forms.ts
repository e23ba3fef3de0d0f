import type { z } from "~/lib/zod";

/**
 * The one form pipeline (docs/decisions/0060-form-pipeline.md). Every form has one zod
 * schema; `parseForm` runs it in the browser before the submit (through `useFormErrors`)
 * and again in the action, and both sides report failures in the same shape:
 * `FieldErrors`, the first message per field, keyed by the field's `name`.
 * Pure and browser-safe (the schemas come from `~/lib/zod`).
 */

/** The first message per field, keyed by the input's `name`. `form` holds a message for no one field. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field | "form", string>>;

/** What an action returns when the input is refused: the errors, and the values to show again. */
export type FormFailure<Field extends string = string> = {
  ok: false;
  fieldErrors: FieldErrors<Field>;
  /** One sentence over the whole form (shown in an `Alert` above it), when there is one. */
  formError?: string;
  values?: Record<string, unknown>;
};

export type ParseResult<Data, Field extends string = string> = { ok: true; data: Data } | { ok: false; fieldErrors: FieldErrors<Field> };

/** The first message per field of a zod error (a nested path counts for its first key). */
export function firstErrors<Field extends string = string>(error: z.ZodError): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors as FieldErrors<Field>;
}

const defaultArrayFields: readonly string[] = [];

/**
 * FormData → a plain object: each name's value as a string; names listed in
 * `arrayFields` as a list of every value (in order). Files are left out: uploads
 * travel through their own endpoint.
 */
export function formDataToObject(formData: FormData, arrayFields: readonly string[] = defaultArrayFields): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(arrayFields.map((name) => [name, []]));
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    if (arrayFields.includes(key)) (out[key] as string[]).push(value);
    else out[key] = value;
  }
  return out;
}

/** Runs a form's schema on a submission (FormData or an already plain object). */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  input: FormData | Record<string, unknown>,
  options: { arrayFields?: readonly string[] } = {},
): ParseResult<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const values = input instanceof FormData ? formDataToObject(input, options.arrayFields) : input;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, fieldErrors: firstErrors(parsed.error) };
}

export function hasErrors(errors: FieldErrors | null | undefined): boolean {
  return Boolean(errors && Object.values(errors).some(Boolean));
}
