// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { allPosts, blogListing } from "~/features/content/blog/blog";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { Locale } from "~/lib/locales";
import Blog from "./blog";
import Cancellation from "./cancellation";
import Careers from "./careers";
import Help from "./help";
import Privacy from "./privacy";
import Safety from "./safety";
import Sitemap from "./sitemap";
import Terms from "./terms";

afterEach(cleanup);

/** A content page at `path` in `locale`, with `data` as its loader's answer. */
async function renderPage(locale: Locale, Component: unknown, path: string, data: unknown = null) {
  const Stub = createRoutesStub([{ path, Component: Component as never, loader: (() => data) as never, HydrateFallback: () => null }]);
  render(await inLocale(locale, <Stub initialEntries={[path]} />));
}

describe("content pages in other languages", () => {
  it("sitemap reads in Spanish: groups and links", async () => {
    await renderPage("es", Sitemap, "/sitemap");
    expect(await screen.findByRole("heading", { level: 1, name: "Mapa del sitio" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Cuenta de usuario" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Política de cancelación" }).getAttribute("href")).toBe("/cancellation");
  });

  it("cancellation policy reads in Arabic, with its links inside the translated sentence", async () => {
    await renderPage("ar", Cancellation, "/cancellation");
    expect(await screen.findByRole("heading", { level: 1, name: "الإلغاء واسترداد المبالغ" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "صارمة" })).toBeTruthy();
    expect(screen.getByText("استرداد 50% عند الإلغاء قبل موعد البدء بسبعة أيام على الأقل.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "تواصل مع فريق الفوترة" }).getAttribute("href")).toBe("/contact?subject=billing");
    expect(screen.getByRole("link", { name: "مركز المساعدة" }).getAttribute("href")).toBe("/help");
  });

  it("safety reads in Arabic", async () => {
    await renderPage("ar", Safety, "/safety");
    expect(await screen.findByRole("heading", { level: 1, name: "سلامتك أولويتنا" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "نصائح للضيوف" })).toBeTruthy();
  });

  it("careers reads in Spanish", async () => {
    await renderPage("es", Careers, "/careers");
    expect(await screen.findByRole("heading", { name: "Puestos vacantes" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Diseñador/a de Producto" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "formulario de contacto" })).toBeTruthy();
  });

  it("help center shows Spanish answers and searches them in Spanish (and English)", async () => {
    await renderPage("es", Help, "/help", { query: "" });
    expect(await screen.findByRole("heading", { level: 1, name: "¿Cómo podemos ayudarte?" })).toBeTruthy();
    const search = screen.getByRole("searchbox", { name: "Buscar en los artículos de ayuda" });
    fireEvent.change(search, { target: { value: "contraseña" } });
    expect(screen.getByRole("heading", { name: "¿Cómo restablezco mi contraseña?" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("coincide");
    fireEvent.change(search, { target: { value: "password reset" } });
    expect(screen.getByRole("heading", { name: "¿Cómo restablezco mi contraseña?" })).toBeTruthy();
  });

  it("blog index reads in Spanish: categories, count and dates", async () => {
    const listing = blogListing(allPosts(), { category: null, page: 1 });
    await renderPage("es", Blog, "/blog", { ...listing, category: null, categorySlug: null, categoryMeta: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Ideas, consejos e historias del mundo del alquiler" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Todas las entradas" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Últimas entradas" })).toBeTruthy();
    expect(screen.getByText(new RegExp(`^Mostrando ${listing.posts.length} de ${listing.total} entradas$`))).toBeTruthy();
    expect(screen.getAllByText(/min de lectura/).length).toBeGreaterThan(0);
    expect(document.body.textContent).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
  });

  it("terms of service read in Spanish, with the date in Spanish", async () => {
    await renderPage("es", Terms, "/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Condiciones del servicio" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "6. Limitación de responsabilidad" })).toBeTruthy();
    expect(screen.getByText("15 de marzo de 2025")).toBeTruthy();
    expect(screen.getByText(/Estas Condiciones se rigen por las leyes del estado de Florida/)).toBeTruthy();
  });

  it("privacy policy reads in Arabic, with its link inside the translated sentence", async () => {
    await renderPage("ar", Privacy, "/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "خصوصيتك تهمّنا" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "إدارة إعدادات الخصوصية" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "شروط الخدمة" }).getAttribute("href")).toBe("/terms");
  });
});
