// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MenuUser } from "../account-menu";
import { UserAvatar } from "./user-avatar";
import { UserMenu } from "./user-menu";

beforeAll(() => {
  // Radix positions its menu with these; jsdom lacks them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});
afterEach(cleanup);

const user: MenuUser = { id: "u1", email: "ada@example.test", fullName: null, avatarUrl: null, isAdmin: false };

function renderMenu(overrides: Partial<MenuUser> = {}) {
  const onViewProfile = vi.fn();
  const Stub = createRoutesStub([
    { path: "/", Component: () => <UserMenu user={{ ...user, ...overrides }} onViewProfile={onViewProfile} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  // Both layouts are in the DOM (CSS shows one); the small one is the disclosure button.
  const [wide, small] = screen.getAllByRole("button", { name: /^Account menu for / });
  return { onViewProfile, wide: wide!, small: small! };
}

describe("UserMenu", () => {
  it("shows the e-mail when there is no name, and the name when there is one", () => {
    renderMenu();
    expect(screen.getAllByRole("button", { name: "Account menu for ada@example.test" })).toHaveLength(2);
    cleanup();
    renderMenu({ fullName: "Ada Lovelace" });
    expect(screen.getAllByRole("button", { name: "Account menu for Ada Lovelace" })).toHaveLength(2);
  });

  it("small screens: a collapsible list whose View My Profile calls the callback", async () => {
    const { small, onViewProfile } = renderMenu({ isAdmin: true });
    expect(small.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(small);
    expect(small.getAttribute("aria-expanded")).toBe("true");
    const list = document.getElementById(small.getAttribute("aria-controls")!)!;
    expect(within(list).queryByRole("link", { name: "My Listings" })).toBeNull();
    expect(within(list).queryByRole("link", { name: "Admin Dashboard" })).toBeNull();
    await userEvent.click(within(list).getByRole("button", { name: "View My Profile" }));
    expect(onViewProfile).toHaveBeenCalledOnce();
    expect(small.getAttribute("aria-expanded")).toBe("false");
  });

  it("small screens: Escape closes the list and returns focus to the button", async () => {
    const { small } = renderMenu();
    await userEvent.click(small);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(small.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(small);
  });

  it("wide screens: a keyboard menu whose View My Profile calls the callback", async () => {
    const { wide, onViewProfile } = renderMenu({ isAdmin: true });
    wide.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Dashboard",
      "My Profile",
      "View My Profile",
      "List A Space",
      "My Listings",
      "My Bookings",
      "Wishlists",
      "Messages",
      "Security",
      "Admin Dashboard",
      "Currency: each listing's own",
      "Sign Out",
    ]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "View My Profile" }));
    expect(onViewProfile).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("UserAvatar", () => {
  it("shows the placeholder icon when there is no image or it fails to load", () => {
    const { container, rerender } = render(<UserAvatar src={null} />);
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
    rerender(<UserAvatar src="/media/avatars/missing.webp" />);
    const image = container.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/media/avatars/missing.webp");
    fireEvent.error(image);
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
  });
});
