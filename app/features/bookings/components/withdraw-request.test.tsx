// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { WithdrawRequest } from "./withdraw-request";

afterEach(cleanup);

/**
 * 'Withdraw request' away from My Bookings (the booking's page, the confirmation page): the
 * same dialog, posted to My Bookings' action; the page's data is read again after it, and a
 * refusal is shown where the button is.
 */
function renderOnBookingPage(answer: () => unknown) {
  const sent: string[] = [];
  let state = "requested";
  const Stub = createRoutesStub([
    {
      path: "/bookings/:bookingId",
      loader: () => ({ state }),
      HydrateFallback: () => null,
      Component: function Page() {
        const page = useLoaderData() as { state: string };
        return page.state === "requested" ? (
          <WithdrawRequest bookingId="b1" spaceTitle="Harbour Loft" when="Tue, 10 Mar 2026, 14:00 – 16:00 (America/New York)" />
        ) : (
          <p>Request withdrawn</p>
        );
      },
    },
    {
      path: "/my-bookings",
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push(`${new URL(request.url).pathname} ${form.get("intent")}:${form.get("bookingId")}`);
        const result = answer() as { ok?: boolean };
        if (result && typeof result === "object" && "ok" in result && result.ok) state = "withdrawn";
        return result;
      },
    },
  ]);
  render(<Stub initialEntries={["/bookings/b1"]} />);
  return sent;
}

describe("WithdrawRequest", () => {
  it("asks first, then posts intent=withdraw to My Bookings' action; the page, read again, says the request is withdrawn", async () => {
    const sent = renderOnBookingPage(() => ({ ok: true, error: null, refundMinor: null }));
    const button = await screen.findByRole("button", { name: "Withdraw request" });
    await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    await userEvent.click(button);
    const dialog = screen.getByRole("dialog", { name: "Withdraw this request?" });
    expect(dialog.textContent).toContain("Harbour Loft, Tue, 10 Mar 2026, 14:00 – 16:00 (America/New York)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep the request" }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, withdraw" }));
    expect(await screen.findByText("Request withdrawn")).toBeTruthy();
    expect(sent).toEqual(["/my-bookings withdraw:b1"]);
  });

  it("shows the server's refusal (the host answered meanwhile) and keeps the button", async () => {
    renderOnBookingPage(() => data({ ok: false, error: "This request was already answered.", refundMinor: null }, { status: 409 }));
    const button = await screen.findByRole("button", { name: "Withdraw request" });
    await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, withdraw" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This request was already answered.");
    expect(screen.getByRole("button", { name: "Withdraw request" })).toBeTruthy();
  });
});
