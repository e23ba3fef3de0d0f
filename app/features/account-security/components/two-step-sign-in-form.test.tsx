// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInDialog } from "~/features/auth/components/sign-in-dialog";
import { ERROR_TEXT } from "~/lib/messages";
import { SECURITY_TEXT } from "../security-form";
import { postSecondStep } from "./two-step-sign-in-form";

/** The sign-in dialog's second step (issue #29 point 4): what the member sees after a right password. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Answers the password step with a pending token, then each code step with the next of `codeAnswers`. */
function server(codeAnswers: Response[]) {
  const calls: { url: string; body: string }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, body: String(init.body) });
    if (url === "/auth/sign-in") return json(401, { ok: false, error: SECURITY_TEXT.signInStepIntro, twoStep: { token: "pending.token.value" } });
    return codeAnswers.shift() ?? json(500, {});
  });
  return calls;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <SignInDialog open mode="signin" onModeChange={() => undefined} onOpenChange={onOpenChange} adminEmails={[]} />,
      loader: () => null,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { onOpenChange };
}

async function passwordStep() {
  await screen.findByRole("dialog", { name: "Sign In" });
  await userEvent.type(screen.getByLabelText("Email"), "ada@example.test");
  await userEvent.type(screen.getByLabelText("Password"), "violet-otter-canvas-19");
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
  const code = await screen.findByLabelText(SECURITY_TEXT.codeOrRecovery);
  await waitFor(() => expect(document.activeElement).toBe(code));
  return code;
}

describe("the sign-in dialog with two-step sign-in", () => {
  it("asks for a code after the password, shows a refusal beside it, and closes once a code is right", async () => {
    const calls = server([json(400, { ok: false, error: SECURITY_TEXT.wrongCode }), json(200, { ok: true })]);
    const { onOpenChange } = renderDialog();
    const code = await passwordStep();
    expect(screen.queryByLabelText("Password")).toBeNull();
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: SECURITY_TEXT.verify }));
    expect(await screen.findByText(SECURITY_TEXT.wrongCode)).toBeTruthy();
    expect(code.getAttribute("aria-invalid")).toBe("true");
    await userEvent.clear(code);
    await userEvent.type(code, "654321");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.url)).toEqual(["/auth/sign-in", "/auth/sign-in/two-step", "/auth/sign-in/two-step"]);
    expect(calls[2]!.body).toBe("token=pending.token.value&code=654321");
  });

  it("sends nothing for an empty code", async () => {
    const calls = server([]);
    renderDialog();
    await passwordStep();
    await userEvent.click(screen.getByRole("button", { name: SECURITY_TEXT.verify }));
    expect(screen.getByText(SECURITY_TEXT.codeFormat)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("goes back to the password step with the message when the pending sign-in expired, and on 'Back'", async () => {
    server([json(401, { ok: false, expired: true, error: SECURITY_TEXT.pendingExpired })]);
    renderDialog();
    const code = await passwordStep();
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: SECURITY_TEXT.verify }));
    expect(await screen.findByText(SECURITY_TEXT.pendingExpired)).toBeTruthy();
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
    await userEvent.type(screen.getByLabelText("Password"), "violet-otter-canvas-19");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByLabelText(SECURITY_TEXT.codeOrRecovery);
    await userEvent.click(screen.getByRole("button", { name: SECURITY_TEXT.back }));
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });
});

describe("postSecondStep", () => {
  it("falls back to 'An error occurred' without a usable answer", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await postSecondStep("t", "123456")).toEqual({ ok: false, error: ERROR_TEXT.generic, expired: false });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await postSecondStep("t", "123456")).toEqual({ ok: false, error: ERROR_TEXT.generic, expired: false });
  });
});
