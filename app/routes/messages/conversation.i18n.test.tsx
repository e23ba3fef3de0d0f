// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inLocale } from "~/features/i18n/render-in-locale";
import type { ConversationView } from "~/features/messages/messages.server";
import type { Locale } from "~/lib/locales";
import ConversationPage from "./conversation";

/** A conversation in Spanish and Arabic (issue #31): the texts around the messages, the dates, block and the composer. */
afterEach(cleanup);
// jsdom lays nothing out: the page scrolls to the last message.
Element.prototype.scrollIntoView ??= () => undefined;

type Props = Parameters<typeof ConversationPage>[0];

const conversation: ConversationView = {
  id: "c1",
  viewerRole: "guest",
  space: { title: "Casa Azul", href: "/spaces/casa-azul" },
  bookingId: null,
  guest: { id: "g1", name: "Ana", avatarUrl: null },
  host: { id: "h1", name: "Bruno", avatarUrl: null },
  otherId: "h1",
  blockedByMe: false,
  blockedByThem: false,
  messages: [
    { id: 1, senderId: "g1", body: "Hola, ¿está libre el sábado?", createdAt: "2026-11-25T14:03:00.000Z" },
    { id: 2, senderId: "h1", body: "¡Sí!", createdAt: "2026-11-25T14:10:00.000Z" },
  ],
};

async function renderIn(locale: Locale, view: Partial<ConversationView> = {}) {
  const props = {
    loaderData: { conversation: { ...conversation, ...view }, viewerId: "g1", markedRead: false, requests: [], now: "2026-11-26T00:00:00.000Z" },
    actionData: undefined,
  } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/messages/c1", Component: () => <ConversationPage {...props} /> }]);
  render(await inLocale(locale, <Stub initialEntries={["/messages/c1"]} />));
}

describe("a conversation in Spanish", () => {
  it("shows the page's texts, 'Tú' for one's own messages and the dates in Spanish", async () => {
    await renderIn("es");
    expect(screen.getByRole("link", { name: "Todos los mensajes" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Bruno");
    expect(screen.getByText(/^Sobre/).textContent).toBe("Sobre Casa Azul");
    expect(screen.getByRole("link", { name: "Casa Azul" })).toBeTruthy();
    const [mine, theirs] = within(screen.getByRole("list", { name: "Mensajes" })).getAllByTestId("message");
    expect(mine!.textContent).toContain("Tú · 25 nov 2026, 14:03 UTC");
    expect(theirs!.textContent).toContain("Bruno");
    expect(screen.getByLabelText("Mensaje para Bruno")).toBeTruthy();
    expect(screen.getByText("0 / 2000 caracteres")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeTruthy();
  });

  it("asks before blocking, in Spanish", async () => {
    await renderIn("es");
    await userEvent.click(screen.getByRole("button", { name: "Bloquear a Bruno" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Bloquear a Bruno?" });
    expect(within(dialog).getByText("Bruno no podrá enviarte mensajes. Puedes desbloquearlo aquí en cualquier momento.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeTruthy();
  });

  it("says who is blocked and offers 'Desbloquear'", async () => {
    await renderIn("es", { blockedByMe: true });
    expect(screen.getByText("Bloqueaste a Bruno. No podrá enviarte mensajes hasta que lo desbloquees.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Desbloquear a Bruno" }).textContent).toBe("Desbloquear");
  });
});

describe("a conversation in Arabic", () => {
  it("reads in Arabic, with one's own messages at the end side", async () => {
    await renderIn("ar");
    expect(screen.getByRole("link", { name: "كل الرسائل" })).toBeTruthy();
    const [mine, theirs] = within(screen.getByRole("list", { name: "الرسائل" })).getAllByTestId("message");
    expect(mine!.textContent).toContain("أنت");
    // justify-end/-start are logical: in a right-to-left page one's own messages sit on the left, the other's on the right.
    expect(mine!.className).toContain("justify-end");
    expect(theirs!.className).toContain("justify-start");
    expect(screen.getByRole("button", { name: "إرسال" })).toBeTruthy();
    expect(screen.getByLabelText("رسالة إلى Bruno")).toBeTruthy();
  });
});
