// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { OwnerAvailabilityToggle } from "./owner-availability-toggle";

afterEach(cleanup);

/** The space page with the owner's switch, and a stand-in for POST /api/spaces/:id/availability. */
function renderToggle(answer: () => unknown) {
  const sent: string[] = [];
  const Stub = createRoutesStub([
    { path: "/space/x/y", Component: () => <OwnerAvailabilityToggle spaceId="s1" available /> },
    {
      path: "/api/spaces/:id/availability",
      action: async ({ request, params }) => {
        sent.push(`${params.id}:${(await request.formData()).get("available")}`);
        return answer();
      },
    },
  ]);
  render(<Stub initialEntries={["/space/x/y"]} />);
  return sent;
}

describe("OwnerAvailabilityToggle", () => {
  it("sends the opposite of the current state for this space", async () => {
    const sent = renderToggle(() => ({ ok: true, available: false, error: null }));
    const toggle = await screen.findByRole("switch", { name: "Available for booking" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await userEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual(["s1:false"]));
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows 'Failed to update availability' when the server gives no message, and its message when it does", async () => {
    renderToggle(() => data({ ok: false, error: null }, { status: 500 }));
    await userEvent.click(await screen.findByRole("switch", { name: "Available for booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update availability");
    // The switch goes back to the saved state.
    expect(screen.getByRole("switch", { name: "Available for booking" }).getAttribute("aria-checked")).toBe("true");
    cleanup();
    renderToggle(() => data({ ok: false, error: "Listing not found" }, { status: 404 }));
    await userEvent.click(await screen.findByRole("switch", { name: "Available for booking" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Listing not found");
  });
});
