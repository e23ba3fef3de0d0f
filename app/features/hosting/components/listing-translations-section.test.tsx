// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { ListingTranslation } from "../listing-translation-form";
import { ListingTranslationsSection } from "./listing-translations-section";

afterEach(cleanup);

/** The editor with the section, a loader holding the translations, and a stand-in for POST /edit-listing/:id/translations. */
function renderSection(start: ListingTranslation[], answer?: (fields: Record<string, string>) => unknown) {
  const sent: Record<string, string>[] = [];
  let translations = [...start];
  const Stub = createRoutesStub([
    {
      path: "/edit-listing/:id",
      loader: () => ({ translations }),
      HydrateFallback: () => null,
      Component: function Editor() {
        return <ListingTranslationsSection spaceId="s1" translations={translations} />;
      },
    },
    {
      path: "/edit-listing/:id/translations",
      action: async ({ request }) => {
        const fields = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        sent.push(fields);
        if (answer) return answer(fields);
        if (fields.intent === "remove") {
          translations = translations.filter((translation) => translation.locale !== fields.locale);
          return { ok: true, intent: "remove", locale: fields.locale, message: "Translation removed." };
        }
        translations = [...translations.filter((t) => t.locale !== fields.locale), { locale: fields.locale as "es", title: fields.title!, description: fields.description! }];
        return { ok: true, intent: "save", locale: fields.locale, message: "Translation saved." };
      },
    },
  ]);
  return { sent, Stub };
}

describe("ListingTranslationsSection", () => {
  it("adds a translation: the language, title and description go to the server, then it is listed", async () => {
    const { sent, Stub } = renderSection([]);
    render(<Stub initialEntries={["/edit-listing/s1"]} />);
    expect(await screen.findByText("No translations yet.")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Add a translation" });
    await userEvent.selectOptions(within(form).getByLabelText(/Language/), "fr");
    await userEvent.type(within(form).getByLabelText(/Title/), "Loft lumineux");
    await userEvent.type(within(form).getByLabelText(/Description/), "Un loft au bord de la rivière.");
    await userEvent.click(within(form).getByRole("button", { name: "Add translation" }));
    await waitFor(() => expect(sent).toEqual([{ intent: "save", locale: "fr", title: "Loft lumineux", description: "Un loft au bord de la rivière." }]));
    const saved = await screen.findByRole("form", { name: "Français" });
    expect((within(saved).getByLabelText(/Title/) as HTMLInputElement).value).toBe("Loft lumineux");
    expect(within(saved).getByLabelText(/Title/).getAttribute("lang")).toBe("fr");
    expect(within(saved).getByText("Translation saved.")).toBeTruthy();
    // The add form now offers the languages still missing.
    const options = within(screen.getByRole("form", { name: "Add a translation" })).getAllByRole("option").map((option) => option.getAttribute("value"));
    expect(options).toEqual(["en", "es", "ja", "ar"]);
  });

  it("checks in the browser first: an empty title is refused with the server's own message, nothing sent", async () => {
    const { sent, Stub } = renderSection([]);
    render(<Stub initialEntries={["/edit-listing/s1"]} />);
    const form = await screen.findByRole("form", { name: "Add a translation" });
    await userEvent.type(within(form).getByLabelText(/Description/), "Texto");
    await userEvent.click(within(form).getByRole("button", { name: "Add translation" }));
    expect(await within(form).findByText("Title is required")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    const { Stub } = renderSection([{ locale: "es", title: "Loft", description: "Luz" }], () =>
      data({ ok: false, intent: "save", locale: "es", status: 404, fieldErrors: {}, formError: "Listing not found" }, { status: 404 }),
    );
    render(<Stub initialEntries={["/edit-listing/s1"]} />);
    const form = await screen.findByRole("form", { name: "Español" });
    await userEvent.click(within(form).getByRole("button", { name: "Save translation" }));
    expect(await within(form).findByText("Listing not found")).toBeTruthy();
  });

  it("removes a translation", async () => {
    const { sent, Stub } = renderSection([{ locale: "ar", title: "علية", description: "وصف" }]);
    render(<Stub initialEntries={["/edit-listing/s1"]} />);
    const form = await screen.findByRole("form", { name: "العربية" });
    expect(within(form).getByLabelText(/Description/).getAttribute("dir")).toBe("rtl");
    await userEvent.click(within(form).getByRole("button", { name: "Remove translation" }));
    await waitFor(() => expect(sent).toEqual([{ intent: "remove", locale: "ar" }]));
    expect(await screen.findByText("Translation removed.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("form", { name: "العربية" })).toBeNull());
  });

  it("speaks the host's language: Spanish", async () => {
    const { Stub } = renderSection([{ locale: "en", title: "Sunny loft", description: "Bright" }]);
    render(await inLocale("es", <Stub initialEntries={["/edit-listing/s1"]} />));
    expect(await screen.findByRole("heading", { name: "Traducciones" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Guardar traducción" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar traducción" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Añadir una traducción" })).toBeTruthy();
  });
});
