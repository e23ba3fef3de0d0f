// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import type { AuthDialogMode } from "./auth-dialog-context";
import { AuthDialogProvider, SignInButton } from "./auth-dialog-provider";
import { FALLBACK_ERROR, postCredentials, SignInDialog } from "./sign-in-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMINS = ["admin@rentwell.test", "ops@rentwell.test"];

function Harness({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [open, setOpen] = useState(true);
  const [mode, setMode] = useState<AuthDialogMode>("signin");
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SignInDialog
        open={open}
        mode={mode}
        onModeChange={setMode}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        adminEmails={ADMINS}
      />
    </>
  );
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const Stub = createRoutesStub([{ path: "/", Component: () => <Harness onOpenChange={onOpenChange} />, loader: () => null, HydrateFallback: () => null }]);
  render(<Stub initialEntries={["/"]} />);
  return { onOpenChange };
}

function answer(status: number, body: unknown, type = "application/json") {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": type } });
}

describe("postCredentials", () => {
  const credentials = { email: "ada@example.test", password: "violet-otter-canvas-19" };

  it("posts a form body and reads success", async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await postCredentials("/auth/sign-in", credentials)).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/auth/sign-in");
    expect(init.method).toBe("POST");
    expect(String(init.body)).toBe("email=ada%40example.test&password=violet-otter-canvas-19");
  });

  it("shows the server's message and field errors when there are some", async () => {
    vi.stubGlobal("fetch", async () => answer(401, { ok: false, error: "Invalid e-mail or password." }));
    expect(await postCredentials("/auth/sign-in", credentials)).toEqual({ ok: false, error: "Invalid e-mail or password." });
    vi.stubGlobal("fetch", async () =>
      answer(400, { ok: false, error: "Too short", fieldErrors: { password: "Too short", role: "admin", email: 3 } }),
    );
    expect(await postCredentials("/auth/sign-up", credentials)).toEqual({
      ok: false,
      error: "Too short",
      fieldErrors: { password: "Too short" },
    });
  });

  it.each([
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a gateway error page", async () => answer(502, "<html>Bad gateway</html>", "text/html")],
    ["a refusal in plain text", async () => answer(403, "Cross-origin request refused.", "text/plain")],
    ["JSON without a message", async () => answer(500, { ok: false })],
    ["an empty message", async () => answer(400, { ok: false, error: "  " })],
    ["a 200 that is not a success", async () => answer(200, ["ok"])],
  ])("falls back to 'An error occurred' on %s", async (_name, fetchImpl) => {
    vi.stubGlobal("fetch", fetchImpl);
    expect(await postCredentials("/auth/sign-in", credentials)).toEqual({ ok: false, error: FALLBACK_ERROR });
  });
});

describe("SignInDialog", () => {
  it("is a labelled dialog with the admin hints, toggling between Sign In and Create an Account", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Sign In" });
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getAllByText("Admin account")).toHaveLength(2);
    expect(dialog.textContent).toContain("admin@rentwell.test");
    await userEvent.click(screen.getByRole("button", { name: "Use ops@rentwell.test" }));
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ops@rentwell.test");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    await userEvent.click(screen.getByRole("button", { name: "Create an Account" }));
    expect(await screen.findByRole("dialog", { name: "Create an Account" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("dialog", { name: "Sign In" })).toBeTruthy();
  });

  it("checks the fields in the browser before anything is sent", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("E-mail is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.type(screen.getByLabelText("Password"), "whatever-it-is");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Enter a valid e-mail address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("never cuts a pasted over-long password short: it says the limit and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
    await userEvent.click(screen.getByLabelText("Password"));
    await userEvent.paste("x".repeat(129));
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toHaveLength(129);
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Password must be at most 128 characters")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for a duplicate sign-up next to the e-mail and moves focus there", async () => {
    const message = "An account with this e-mail already exists. Sign in instead.";
    vi.stubGlobal("fetch", async () => answer(409, { ok: false, error: message, fieldErrors: { email: message } }));
    renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.click(screen.getByRole("button", { name: "Create an Account" }));
    await screen.findByRole("dialog", { name: "Create an Account" });
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "violet-otter-canvas-19");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    // Shown once, next to the field, not again in the alert.
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows 'An error occurred' when the server cannot answer, and the dialog stays usable", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "violet-otter-canvas-19");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe(FALLBACK_ERROR);
    expect(screen.getByRole("button", { name: "Sign In" }).hasAttribute("disabled")).toBe(false);
  });

  it("closes on success", async () => {
    vi.stubGlobal("fetch", async () => answer(200, { ok: true }));
    const { onOpenChange } = renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "violet-otter-canvas-19");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape and with the close button", async () => {
    const { onOpenChange } = renderDialog();
    await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("AuthDialogProvider", () => {
  it("opens from the header button and gives focus back to it on Escape", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <AuthDialogProvider adminEmails={ADMINS}>
            <SignInButton />
          </AuthDialogProvider>
        ),
        loader: () => null,
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const opener = await screen.findByRole("button", { name: "Sign In / Sign Up" });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Sign In" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
