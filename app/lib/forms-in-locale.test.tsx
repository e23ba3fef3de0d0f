// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { translatable } from "~/features/i18n/translatable";
import { inLocale } from "~/features/i18n/render-in-locale";
import { Alert } from "~/ui/alert";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Toast } from "~/ui/toast";
import { parseForm } from "./forms";
import { ERROR_TEXT } from "./messages";
import { useFormErrors } from "./use-form-errors";
import { z } from "./zod";

afterEach(cleanup);

/** A schema as every area writes one: its messages marked translatable (ADR 0294), English in the code. */
const schema = z.object({
  email: z.string().trim().pipe(z.email(translatable("Please enter a valid e-mail address."))),
});

function NewsletterLikeForm() {
  const { formRef, errors, onSubmit } = useFormErrors<"email">({ validate: (formData) => parseForm(schema, formData) });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Field label="E-mail" error={errors.email}>
        <Input name="email" />
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

describe("the kit shows a translatable message in the page's language (ADR 0298)", () => {
  it("a zod message refused in the browser shows in Spanish by its field, and stays English in English", async () => {
    render(await inLocale("es", <NewsletterLikeForm />));
    await userEvent.type(screen.getByRole("textbox"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    const input = screen.getByRole("textbox");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toBe("Introduce una dirección de correo electrónico válida.");
    cleanup();

    render(<NewsletterLikeForm />);
    await userEvent.type(screen.getByRole("textbox"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please enter a valid e-mail address.")).toBeTruthy();
  });

  it("a server's ERROR_TEXT in an Alert and a toast shows in Spanish and Arabic; an unknown text is kept as it is", async () => {
    render(await inLocale("es", <Alert tone="error">{ERROR_TEXT.fetchSpaces}</Alert>));
    expect(screen.getByRole("alert").textContent).toBe("No se han podido cargar los espacios");
    cleanup();
    render(await inLocale("ar", <Toast toast={{ tone: "error", message: ERROR_TEXT.cancelBooking }} />));
    expect(screen.getByRole("alert").textContent).toBe("تعذّر إلغاء الحجز");
    expect(screen.getByRole("button", { name: "إغلاق" })).toBeTruthy();
    cleanup();
    render(await inLocale("fr", <Alert tone="error">{"Harbour Loft is already booked"}</Alert>));
    expect(screen.getByRole("alert").textContent).toBe("Harbour Loft is already booked");
  });
});
