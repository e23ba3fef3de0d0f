import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { type FieldErrors, hasErrors } from "./forms";

/** Focuses the first control (in page order) the form marks invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

type Options<Field extends string> = {
  /** The check the action runs too (`parseForm(schema, formData)`), here run on the form's data before it is sent. */
  validate: (formData: FormData) => { ok: true } | { ok: false; fieldErrors: FieldErrors<Field> };
  /** The errors the server answered with (`actionData?.fieldErrors`); a new answer replaces the browser's. */
  serverErrors?: FieldErrors<Field> | null;
};

/**
 * The browser half of the form pipeline: on submit, runs the form's schema; when it
 * fails, the submit is stopped, each message shows next to its field and the first
 * invalid field takes the focus. When the server refuses a submission, its errors
 * (same shape) show the same way and the first invalid field is focused too.
 * Editing a field clears its message (`clearError(name)`).
 *
 *   const { formRef, errors, onSubmit, clearError } = useFormErrors({ validate, serverErrors: actionData?.fieldErrors });
 *   <Form ref={formRef} method="post" noValidate onSubmit={onSubmit}>…<Field error={errors.email}>…
 */
export function useFormErrors<Field extends string = string>({ validate, serverErrors }: Options<Field>) {
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own errors, valid until the server answers again (`basis` changes).
  const [local, setLocal] = useState<{ basis: FieldErrors<Field> | null | undefined; errors: FieldErrors<Field> } | null>(null);
  const errors: FieldErrors<Field> = local && local.basis === serverErrors ? local.errors : (serverErrors ?? {});

  useEffect(() => {
    if (hasErrors(serverErrors)) focusFirstInvalid(formRef.current);
  }, [serverErrors]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const result = validate(new FormData(form, (event.nativeEvent as SubmitEvent).submitter));
      if (result.ok) {
        setLocal({ basis: serverErrors, errors: {} });
        return;
      }
      event.preventDefault();
      flushSync(() => setLocal({ basis: serverErrors, errors: result.fieldErrors }));
      focusFirstInvalid(form);
    },
    [validate, serverErrors],
  );

  function clearError(name: Field | "form") {
    if (!errors[name]) return;
    setLocal({ basis: serverErrors, errors: { ...errors, [name]: undefined } });
  }

  return { formRef, errors, onSubmit, clearError, setErrors: (next: FieldErrors<Field>) => setLocal({ basis: serverErrors, errors: next }) };
}
