// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, fireEvent } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { SaveHeart } from "./save-heart";

/** The heart (issue #27 point 5): optimistic, undone when refused, the sign-in dialog signed out and the save carried through sign-in. */

const SPACE = "2b1f6a0e-5c3d-4e8f-9a1b-2c3d4e5f6a7b";
type Call = { method: string; url: string; body: Record<string, string> };
let calls: Call[];
let answer: { status: number; body: unknown };

// The list dialog is loaded on first use (React.lazy): load it once before the tests, as a browser would have by then.
beforeAll(async () => {
  await import("./save-heart-dialog");
});

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { ok: true, message: "Saved to Favorites", wishlistId: "w1" } };
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
      calls.push({ method, url, body });
      if (method === "GET" && url.includes("spaceId=")) return Response.json({ signedIn: true, lists: [{ id: "w1", name: "Favorites", isDefault: true, count: 1, saved: true }] });
      if (method === "GET") return Response.json({ signedIn: true, savedIds: [] });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeart(user: { id: string } | null, openSignIn = vi.fn()) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      HydrateFallback: () => null,
      Component: () => (
        <AuthDialogContext.Provider value={{ openSignIn }}>
          <SaveHeart spaceId={SPACE} title="Harbour Loft" />
        </AuthDialogContext.Provider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return openSignIn;
}

const posts = () => calls.filter((call) => call.method === "POST");

describe("SaveHeart", () => {
  it("is a POST form to /api/wishlists that saves without JavaScript", async () => {
    renderHeart(null);
    const button = await screen.findByRole("button", { name: "Save Harbour Loft to a wishlist" });
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/wishlists");
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: "save", spaceId: SPACE, returnTo: "/" });
  });

  it("signed out: opens the sign-in dialog and remembers the listing, posting nothing", async () => {
    const openSignIn = renderHeart(null);
    fireEvent.click(await screen.findByRole("button", { name: "Save Harbour Loft to a wishlist" }));
    expect(openSignIn).toHaveBeenCalledWith("signin");
    expect(sessionStorage.getItem("rentwell:wishlist-intent")).toBe(SPACE);
    expect(posts()).toEqual([]);
  });

  it("signed in: fills at once, saves to the default list and opens the list dialog", async () => {
    renderHeart({ id: "user-a" });
    fireEvent.click(await screen.findByRole("button", { name: "Save Harbour Loft to a wishlist" }));
    expect(screen.getByRole("button", { name: "Remove Harbour Loft from your wishlists" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(posts()).toEqual([{ method: "POST", url: "/api/wishlists", body: { intent: "save", spaceId: SPACE } }]));
    expect(await screen.findByRole("dialog", { name: "Save to a wishlist" })).toBeTruthy();
    expect((await screen.findByRole("button", { name: /^Favorites/ })).getAttribute("aria-pressed")).toBe("true");
  });

  it("undoes the fill and says why when the server refuses", async () => {
    answer = { status: 409, body: { ok: false, error: "You can have at most 100 wishlists. Delete one to make another." } };
    renderHeart({ id: "user-b" });
    fireEvent.click(await screen.findByRole("button", { name: "Save Harbour Loft to a wishlist" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Save Harbour Loft to a wishlist" }).getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByRole("status").textContent).toBe("You can have at most 100 wishlists. Delete one to make another.");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("saves the remembered listing once the visitor has signed in", async () => {
    sessionStorage.setItem("rentwell:wishlist-intent", SPACE);
    renderHeart({ id: "user-c" });
    await waitFor(() => expect(posts()).toEqual([{ method: "POST", url: "/api/wishlists", body: { intent: "save", spaceId: SPACE } }]));
    expect(sessionStorage.getItem("rentwell:wishlist-intent")).toBeNull();
    expect(await screen.findByRole("dialog", { name: "Save to a wishlist" })).toBeTruthy();
  });
});
