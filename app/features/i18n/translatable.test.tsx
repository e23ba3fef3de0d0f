// @vitest-environment jsdom
import { msg } from "@lingui/core/macro";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLocale } from "./render-in-locale";
import { translatable } from "./translatable";
import { useTranslate } from "./use-translate";

function Shown({ text }: { text: string }) {
  const _ = useTranslate();
  return <p>{`${_(text)} ${_(msg`Skip to content`)}`}</p>;
}

describe("translatable texts (ADR 0294)", () => {
  it("are shown in the page's language, and a text no catalog has is shown as it is", async () => {
    const i18n = setupI18n({ locale: "es", messages: { es: { "Failed to fetch spaces": "No se pudieron cargar los espacios" } } });
    render(
      <I18nProvider i18n={i18n}>
        <Shown text={translatable("Failed to fetch spaces")} />
      </I18nProvider>,
    );
    expect(screen.getByText(/^No se pudieron cargar los espacios/)).toBeTruthy();
    render(await inLocale("es", <Shown text="Casa Azul" />));
    expect(screen.getByText("Casa Azul Saltar al contenido")).toBeTruthy();
  });
});
