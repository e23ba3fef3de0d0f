// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import { AdminLog, formatWhen, type LogRow } from "./admin-panels";

/**
 * The admin's log in the page's language (issue #31): when, by the locale (Western digits in
 * Arabic), and the settings' stored label translated; a listing's title stays as stored.
 */
const rows: LogRow[] = [
  { id: "1", action: "update_setting", targetLabel: "Platform settings", reason: null, createdAt: "2026-03-10T09:05:00Z", adminEmail: "ops@rentwell.test" },
  { id: "2", action: "hide_space", targetLabel: "Platform settings", reason: "Spam", createdAt: "2026-03-11T10:00:00Z", adminEmail: "ops@rentwell.test" },
  { id: "3", action: "decide_claim", targetLabel: "Claim of $120.00: $80.00 decided", reason: "Photos show a scratch", createdAt: "2026-03-12T10:00:00Z", adminEmail: "ops@rentwell.test" },
];

async function show(locale: "en" | "es" | "ar") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <AdminLog rows={rows} /> }]);
  render(await inLocale(locale, <Stub />));
}

describe("AdminLog in other languages", () => {
  afterEach(cleanup);

  it("keeps English as before", async () => {
    expect(formatWhen("2026-03-10T09:05:00Z")).toBe("Mar 10, 2026, 9:05 AM UTC");
    await show("en");
    expect(await screen.findByText("Mar 10, 2026, 9:05 AM UTC")).toBeTruthy();
    expect(screen.getAllByText("Platform settings")).toHaveLength(2);
    expect(screen.getByText("Claim of $120.00: $80.00 decided")).toBeTruthy();
  });

  it("says when and the settings' label in Spanish; a listing's title as stored", async () => {
    await show("es");
    expect(await screen.findByText(formatWhen("2026-03-10T09:05:00Z", "es"))).toBeTruthy();
    expect(formatWhen("2026-03-10T09:05:00Z", "es")).toMatch(/^10 mar 2026, 9:05 UTC$/);
    expect(screen.getByText("Configuración de la plataforma")).toBeTruthy();
    // The second row's target is a listing that happens to be titled so: shown as stored.
    expect(screen.getByText("Platform settings")).toBeTruthy();
    expect(screen.getByText("Reclamación de $120.00: resuelta por $80.00")).toBeTruthy();
  });

  it("writes Arabic dates with Western digits", async () => {
    await show("ar");
    const when = formatWhen("2026-03-10T09:05:00Z", "ar");
    expect(when).toMatch(/2026/);
    expect(when).not.toMatch(/[٠-٩]/);
    expect(await screen.findByText(when)).toBeTruthy();
    expect(screen.getByText("إعدادات المنصة")).toBeTruthy();
  });
});
