// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import type { AuthDialogMode } from "./auth-dialog-context";
import { SignInDialog } from "./sign-in-dialog";

/** The sign-in dialog in Spanish and Arabic (issue #31): what a guest reads, errors included. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const [mode, setMode] = useState<AuthDialogMode>("signin");
  return <SignInDialog open mode={mode} onModeChange={setMode} onOpenChange={() => undefined} adminEmails={["admin@rentwell.test"]} />;
}

async function renderIn(locale: Locale, title: string) {
  const Stub = createRoutesStub([{ path: "/", Component: Harness, loader: () => null, HydrateFallback: () => null }]);
  render(await inLocale(locale, <Stub initialEntries={["/"]} />));
  return screen.findByRole("dialog", { name: title });
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("the sign-in dialog in Spanish", () => {
  it("shows its title, fields, admin hint and the field errors of an empty form in Spanish", async () => {
    await renderIn("es", "Iniciar sesión");
    expect(screen.getByText("Te damos la bienvenida de nuevo a Rentwell.")).toBeTruthy();
    expect(screen.getByLabelText("Correo electrónico")).toBeTruthy();
    expect(screen.getByLabelText("Contraseña")).toBeTruthy();
    expect(screen.getByText("Cuenta de administrador")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Usar admin@rentwell.test" })).toBeTruthy();
    expect(screen.getByText("¿No tienes una cuenta?")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(await screen.findByText("El correo electrónico es obligatorio")).toBeTruthy();
    expect(screen.getByText("La contraseña es obligatoria")).toBeTruthy();
  });

  it("translates the server's error and the sign-up mode", async () => {
    vi.stubGlobal("fetch", async () => answer(401, { ok: false, error: "Invalid e-mail or password." }));
    await renderIn("es", "Iniciar sesión");
    await userEvent.type(screen.getByLabelText("Correo electrónico"), "ada@example.test");
    await userEvent.type(screen.getByLabelText("Contraseña"), "violet-otter-canvas-19");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Correo electrónico o contraseña incorrectos.");

    await userEvent.click(screen.getByRole("button", { name: "Crear una cuenta" }));
    expect(await screen.findByRole("dialog", { name: "Crear una cuenta" })).toBeTruthy();
    expect(screen.getByText("Al menos 8 caracteres y que no sea una contraseña de uso común.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Registrarse" })).toBeTruthy();
  });

  it("leads to 'Forgot password?' in Spanish", async () => {
    await renderIn("es", "Iniciar sesión");
    await userEvent.click(screen.getByRole("button", { name: "¿Olvidaste tu contraseña?" }));
    expect(await screen.findByRole("dialog", { name: "Restablece tu contraseña" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar enlace" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Volver a iniciar sesión" })).toBeTruthy();
  });
});

describe("the sign-in dialog in Arabic", () => {
  it("reads in Arabic", async () => {
    expect(await renderIn("ar", "تسجيل الدخول")).toBeTruthy();
    expect(screen.getByLabelText("البريد الإلكتروني")).toBeTruthy();
    expect(screen.getByLabelText("كلمة المرور")).toBeTruthy();
    expect(screen.getByText("حساب مسؤول")).toBeTruthy();
    expect(screen.getByRole("button", { name: "نسيت كلمة المرور؟" })).toBeTruthy();
  });
});
