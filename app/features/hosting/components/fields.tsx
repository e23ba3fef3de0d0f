import { useId, type ComponentProps, type ReactNode } from "react";
import { cardVariants } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Field } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";

/** The listing form's fields: a kit `Field` around a kit control, in one line each. */

type Common = { name: string; label: string; error?: string; hint?: string; required?: boolean; className?: string };

export function TextField({
  name,
  label,
  error,
  hint,
  required,
  className,
  defaultValue,
  ...rest
}: Common & Omit<ComponentProps<typeof Input>, "name" | "defaultValue" | "className" | "required"> & { defaultValue?: string | number | null }) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      <Input name={name} defaultValue={defaultValue ?? ""} {...rest} />
    </Field>
  );
}

export function TextArea({
  name,
  label,
  error,
  hint,
  required,
  className,
  defaultValue,
  ...rest
}: Common & Omit<ComponentProps<typeof Textarea>, "name" | "defaultValue" | "className" | "required"> & { defaultValue?: string | null }) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      <Textarea name={name} defaultValue={defaultValue ?? ""} {...rest} />
    </Field>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  required,
  className,
  children,
  ...rest
}: Common & Omit<ComponentProps<typeof Select>, "name" | "className" | "required"> & { children: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      <Select name={name} {...rest}>
        {children}
      </Select>
    </Field>
  );
}

export function CheckboxField({ name, label, defaultChecked, onChange }: { name: string; label: string; defaultChecked?: boolean; onChange?: (checked: boolean) => void }) {
  return <Checkbox name={name} label={label} defaultChecked={defaultChecked} className="items-center" onChange={onChange ? (event) => onChange(event.target.checked) : undefined} />;
}

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardVariants()}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
