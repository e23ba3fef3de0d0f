// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { ListingTranslationNote, useListingText } from "./listing-translation";

afterEach(cleanup);

const original = { id: "s1", title: "Sunny Loft", description: "A bright loft by the river." };
const spanish = { title: "Loft soleado", description: "Un loft luminoso junto al río." };

/** The space page's header and 'About this listing', as space-detail.tsx wires them. */
function Page({ translation, space = original }: { translation: typeof spanish | null; space?: typeof original }) {
  const text = useListingText(space, translation);
  return (
    <article>
      <h1>{text.title}</h1>
      {text.translated && <ListingTranslationNote showingOriginal={text.showingOriginal} onToggle={text.toggle} />}
      <p data-testid="description">{text.description}</p>
    </article>
  );
}

describe("a listing the host translated: 'Show original'", () => {
  it("shows the translation first, then the host's own text, then the translation again", async () => {
    render(<Page translation={spanish} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Loft soleado");
    expect(screen.getByTestId("description").textContent).toBe("Un loft luminoso junto al río.");
    expect(screen.getByText("Translated by the host")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Show original" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sunny Loft");
    expect(screen.getByTestId("description").textContent).toBe("A bright loft by the river.");
    expect(screen.getByText("The host's original text")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Show translation" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Loft soleado");
  });

  it("the choice is kept for this listing only: the next listing opens translated", async () => {
    const { rerender } = render(<Page translation={spanish} />);
    await userEvent.click(screen.getByRole("button", { name: "Show original" }));
    rerender(<Page translation={{ ...spanish }} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sunny Loft");
    rerender(<Page space={{ id: "s2", title: "Harbour Desk", description: "A desk." }} translation={{ title: "Escritorio del puerto", description: "Un escritorio." }} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Escritorio del puerto");
  });

  it("without a translation: the host's text, no note and no button", () => {
    render(<Page translation={null} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sunny Loft");
    expect(screen.queryByTestId("listing-translation-note")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("in Spanish and Arabic, the note and the button are in the page's language", async () => {
    render(await inLocale("es", <Page translation={spanish} />));
    expect(screen.getByText("Traducido por el anfitrión")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Ver original" }));
    expect(screen.getByRole("button", { name: "Ver traducción" })).toBeTruthy();
    cleanup();
    render(await inLocale("ar", <Page translation={{ title: "علية مشمسة", description: "علية مضيئة بجانب النهر." }} />));
    expect(screen.getByText("ترجمة المضيف")).toBeTruthy();
    expect(screen.getByRole("button", { name: "عرض النص الأصلي" })).toBeTruthy();
  });
});
