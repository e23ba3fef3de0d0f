// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { type FieldErrors, firstErrors, formDataToObject, parseForm } from "./forms";
import { useFormErrors } from "./use-form-errors";
import { z } from "./zod";

afterEach(cleanup);

const schema = z.object({
  name: z.string().trim().min(1, "Please enter your name."),
  email: z.string().trim().pipe(z.email("Please enter a valid e-mail address.")),
  age: z.coerce.number().int().min(18, "You must be 18 or older."),
});

describe("parseForm", () => {
  it("returns the data, or the first message per field keyed by name", () => {
    const good = new FormData();
    good.set("name", " Ana ");
    good.set("email", "ana@example.com");
    good.set("age", "30");
    expect(parseForm(schema, good)).toEqual({ ok: true, data: { name: "Ana", email: "ana@example.com", age: 30 } });
    expect(parseForm(schema, { name: "", email: "nope", age: "3" })).toEqual({
      ok: false,
      fieldErrors: { name: "Please enter your name.", email: "Please enter a valid e-mail address.", age: "You must be 18 or older." },
    });
  });

  it("keeps only the first message of a field, and puts a message for no field under `form`", () => {
    const field = z.object({ a: z.string().min(2, "too short").regex(/^\d+$/, "digits only") });
    const twoIssues = field.safeParse({ a: "x" }).error!;
    expect(twoIssues.issues).toHaveLength(2);
    expect(firstErrors(twoIssues)).toEqual({ a: "too short" });
    const whole = field.refine(() => false, { message: "Something is off" });
    expect(firstErrors(whole.safeParse({ a: "12" }).error!)).toEqual({ form: "Something is off" });
  });

  it("reads repeated names as lists only when asked, and leaves files out", () => {
    const form = new FormData();
    form.append("images", "/a.webp");
    form.append("images", "/b.webp");
    form.append("title", "Loft");
    form.append("upload", new File(["x"], "x.txt"));
    expect(formDataToObject(form, ["images", "videos"])).toEqual({ images: ["/a.webp", "/b.webp"], videos: [], title: "Loft" });
    expect(formDataToObject(form)).toEqual({ images: "/b.webp", title: "Loft" });
  });
});

function TestForm({ serverErrors, onSent }: { serverErrors?: FieldErrors<keyof z.input<typeof schema>>; onSent: () => void }) {
  const { formRef, errors, onSubmit, clearError } = useFormErrors<keyof z.input<typeof schema>>({
    validate: (formData) => parseForm(schema, formData),
    serverErrors,
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) {
          event.preventDefault();
          onSent();
        }
      }}
    >
      <Field label="Name" error={errors.name}>
        <Input name="name" onChange={() => clearError("name")} />
      </Field>
      <Field label="E-mail" error={errors.email}>
        <Input name="email" />
      </Field>
      <Field label="Age" error={errors.age}>
        <Input name="age" />
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

describe("useFormErrors", () => {
  it("runs the schema before sending: stops the submit, shows each message by its field, focuses the first invalid field", async () => {
    const onSent = vi.fn();
    render(<TestForm onSent={onSent} />);
    await userEvent.type(screen.getByLabelText("Name"), "Ana");
    await userEvent.type(screen.getByLabelText("Age"), "12");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSent).not.toHaveBeenCalled();
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    expect(screen.getByText("Please enter a valid e-mail address.")).toBeTruthy();
    expect(screen.getByText("You must be 18 or older.")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBeNull();
  });

  it("editing a field clears its message; a valid form is sent", async () => {
    const onSent = vi.fn();
    render(<TestForm onSent={onSent} />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please enter your name.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Name"), "A");
    expect(screen.queryByText("Please enter your name.")).toBeNull();
    await userEvent.type(screen.getByLabelText("E-mail"), "ana@example.com");
    await userEvent.type(screen.getByLabelText("Age"), "40");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it("shows the server's errors (same shape) and focuses the first field it refused", async () => {
    const { rerender } = render(<TestForm onSent={() => undefined} />);
    rerender(<TestForm onSent={() => undefined} serverErrors={{ age: "You must be 18 or older." }} />);
    const age = screen.getByLabelText("Age");
    expect(age.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(age);
  });
});
