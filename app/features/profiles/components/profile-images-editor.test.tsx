// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AVATAR_UPDATED_EVENT } from "~/features/auth/avatar-updated";
import { ProfileImagesEditor } from "./profile-images-editor";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor() {
  const Stub = createRoutesStub([{ path: "/profile", loader: () => null, HydrateFallback: () => null, Component: () => <ProfileImagesEditor avatarUrl={null} bannerUrl={null} /> }]);
  render(<Stub initialEntries={["/profile"]} />);
}

const image = (size = 1000, type = "image/png") => new File([new Uint8Array(size)], "me.png", { type });

describe("ProfileImagesEditor (docs/product.md#profile, #media)", () => {
  it("shows the upload, refuses a second one meanwhile, then announces the new avatar", async () => {
    let resolve!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((done) => (resolve = done)));
    vi.stubGlobal("fetch", fetchMock);
    const announced = vi.fn();
    window.addEventListener(AVATAR_UPDATED_EVENT, (event) => announced((event as CustomEvent).detail));
    renderEditor();
    const photo = await screen.findByRole("button", { name: "Change photo" });
    expect(photo.hasAttribute("disabled")).toBe(false);

    fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [image()] } });
    const busy = await screen.findByRole("button", { name: /Uploading photo/ });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Change banner" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByTestId("banner-input"), { target: { files: [image()] } });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => resolve(new Response(JSON.stringify({ url: "/media/u/avatar-1-abcdefgh.webp" }), { status: 200 })));
    expect(await screen.findByRole("img", { name: "Your profile photo" })).toBeTruthy();
    expect(announced).toHaveBeenCalledWith({ avatarUrl: "/media/u/avatar-1-abcdefgh.webp" });
    expect(screen.getByRole("button", { name: "Change banner" }).hasAttribute("disabled")).toBe(false);
  });

  it("checks type and size before sending, and shows the server's text or the fallback", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 503 }));
    vi.stubGlobal("fetch", fetchMock);
    renderEditor();
    await screen.findByRole("button", { name: "Change photo" });
    fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [image(10, "text/plain")] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Please select an image file");
    fireEvent.change(screen.getByTestId("avatar-input"), { target: { files: [image(5 * 1024 * 1024 + 1)] } });
    expect((await screen.findByRole("alert")).textContent).toBe("File size must be less than 5MB");
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId("banner-input"), { target: { files: [image()] } });
    expect(await screen.findByText("Failed to upload banner")).toBeTruthy();
  });
});
