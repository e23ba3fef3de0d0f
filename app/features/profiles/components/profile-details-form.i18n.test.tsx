// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { OwnProfile } from "../profile.server";
import { ProfileDetailsForm } from "./profile-details-form";
import { ProfileLinksEditor } from "./profile-links-editor";

afterEach(cleanup);

const PROFILE: OwnProfile = {
  id: "p1",
  fullName: "Ana Host",
  avatarUrl: null,
  bannerUrl: null,
  bio: null,
  website: null,
  location: null,
  instagram: "https://www.instagram.com/ana",
  twitter: null,
  facebook: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
};

async function renderInSpanish(ui: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/profile", loader: () => null, HydrateFallback: () => null, Component: () => ui, action: () => null }]);
  render(await inLocale("es", <Stub initialEntries={["/profile"]} />));
}

describe("/profile's editors in Spanish", () => {
  it("labels the profile details form and writes its errors in Spanish", async () => {
    await renderInSpanish(<ProfileDetailsForm profile={PROFILE} />);
    expect(await screen.findByRole("heading", { name: "Datos del perfil" })).toBeTruthy();
    expect((screen.getByLabelText("Nombre completo") as HTMLInputElement).value).toBe("Ana Host");
    expect(screen.getByText("Hasta 2000 caracteres.")).toBeTruthy();
    expect(screen.getByText("Redes sociales")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Sitio web"), { target: { value: "javascript:alert(1)" } });
    fireEvent.change(screen.getByLabelText("Instagram"), { target: { value: "https://example.com/ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar perfil" }));
    expect(await screen.findByText("«Sitio web» debe ser una dirección web que empiece por http:// o https://")).toBeTruthy();
    expect(screen.getByText("Introduce un usuario de Instagram (como @nombre) o un enlace de instagram.com")).toBeTruthy();
  });

  it("shows the links editor in Spanish", async () => {
    await renderInSpanish(<ProfileLinksEditor links={[{ id: "l1", title: "Tienda", url: "https://shop.example.com/", icon: null, displayOrder: 0 }]} />);
    expect(await screen.findByRole("heading", { name: "Añadir un enlace" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Subir Tienda" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Calendario" })).toBeTruthy();
  });
});
