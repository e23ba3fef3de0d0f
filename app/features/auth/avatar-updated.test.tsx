// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { announceAvatar } from "./avatar-updated";
import { UserAvatar } from "./components/user-avatar";

afterEach(cleanup);

describe("the 'avatarUpdated' event (docs/decisions/0142-avatar-updated-event.md)", () => {
  it("changes the header avatar at once, until the loader's avatar changes", () => {
    const { container, rerender } = render(<UserAvatar src={null} />);
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
    act(() => announceAvatar("/media/new.webp"));
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/new.webp");
    rerender(<UserAvatar src="/media/from-loader.webp" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/from-loader.webp");
  });

  it("ignores an event without an avatarUrl", () => {
    const { container } = render(<UserAvatar src="/media/a.webp" />);
    act(() => {
      window.dispatchEvent(new CustomEvent("avatarUpdated", { detail: { other: 1 } }));
    });
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/a.webp");
  });
});
