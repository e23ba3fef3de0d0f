// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { NotificationSettings } from "./notification-settings";

/** /profile's e-mail settings (ADRs 0172, 0296), loaded from /api/notification-settings. */
afterEach(cleanup);

async function renderSettings(locale: "en" | "es" | "ar") {
  const Stub = createRoutesStub([
    { path: "/", Component: NotificationSettings, loader: () => null, HydrateFallback: () => null },
    { path: "/api/notification-settings", loader: () => ({ enabled: ["new_message"], language: "fr", saved: false, error: null }) },
  ]);
  render(locale === "en" ? <Stub initialEntries={["/"]} /> : await inLocale(locale, <Stub initialEntries={["/"]} />));
}

describe("NotificationSettings", () => {
  it("shows the kinds and the e-mails' language, the saved one selected", async () => {
    await renderSettings("en");
    expect(((await screen.findByRole("checkbox", { name: /New messages/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /Payouts sent/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: /Booking confirmed/ }) as HTMLInputElement).disabled).toBe(true);
    const language = screen.getByRole("combobox", { name: "Language of your e-mails" });
    expect((language as HTMLSelectElement).value).toBe("fr");
    expect(screen.getByRole("option", { name: "日本語" })).toBeTruthy();
  });

  it("reads in Spanish", async () => {
    await renderSettings("es");
    expect(await screen.findByRole("heading", { name: "Notificaciones por correo" })).toBeTruthy();
    expect(((await screen.findByRole("checkbox", { name: /Mensajes nuevos/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Siempre se envían")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Idioma de tus correos" }) as HTMLSelectElement).value).toBe("fr");
    expect(screen.getByRole("button", { name: "Guardar ajustes de notificaciones" })).toBeTruthy();
  });

  it("reads in Arabic", async () => {
    await renderSettings("ar");
    expect(await screen.findByRole("heading", { name: "إشعارات البريد الإلكتروني" })).toBeTruthy();
    expect(await screen.findByRole("combobox", { name: "لغة رسائلك" })).toBeTruthy();
  });
});
