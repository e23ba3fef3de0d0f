// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announceAvatar } from "~/features/auth/avatar-updated";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import type { ProfileListing, PublicProfile } from "../public-profile";
import { PublicProfileDialog } from "./public-profile-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOST_ID = "6f1c2d9e-8b7a-4c3d-9e2f-1a2b3c4d5e6f";

function listing(n: number): ProfileListing {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Studio ${n}`,
    location: "New York",
    image: `/media/studio-${n}.webp`,
    hourlyPrice: (90 + n) * 100,
    currency: "USD",
    rating: 4.5,
    reviewCount: 2,
    path: `/space/studio-${n}/new-york?id=${n}`,
  };
}

function profile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: HOST_ID,
    fullName: "Maya Chen",
    avatarUrl: "/media/maya.webp",
    bio: "Photographer and studio owner.",
    createdAt: "2024-03-02T00:00:00.000Z",
    trust: {
      emailVerified: true,
      identityVerified: true,
      memberSince: "2024-03-01T00:00:00.000Z",
      completedAsGuest: 1,
      completedAsHost: 12,
      responseRate: 98,
      responseTime: "within an hour",
    },
    stats: { totalListings: 2, totalReviews: 7, averageRating: 4.75 },
    listings: [listing(1), { ...listing(2), rating: 0, reviewCount: 0 }],
    ...overrides,
  };
}

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderDialog({ user = null as { id: string } | null } = {}) {
  const openSignIn = vi.fn();
  const onOpenChange = vi.fn();
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      HydrateFallback: () => null,
      Component: () => (
        <AuthDialogContext.Provider value={{ openSignIn }}>
          <PublicProfileDialog hostId={HOST_ID} open onOpenChange={onOpenChange} />
        </AuthDialogContext.Provider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { openSignIn, onOpenChange };
}

describe("PublicProfileDialog (docs/product.md#host-profile)", () => {
  it("shows 'Loading profile...' then every field of the loaded profile", async () => {
    let resolve!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((done) => (resolve = done)));
    vi.stubGlobal("fetch", fetchMock);
    renderDialog();
    expect(await screen.findByText("Loading profile...")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/profiles/${HOST_ID}`, expect.anything());
    await act(async () => resolve(new Response(JSON.stringify({ profile: profile() }), { status: 200 })));

    const dialog = await screen.findByRole("dialog", { name: "Maya Chen" });
    expect(dialog.textContent).toContain("4.8 (7 reviews)");
    expect(dialog.textContent).toContain("Joined March 2024");
    expect(dialog.textContent).toContain("98% response rate · Responds within an hour");
    expect(dialog.textContent).toContain("Photographer and studio owner.");
    const tiles = [...dialog.querySelectorAll("dl > div")].map((tile) => tile.textContent);
    expect(tiles).toEqual(["Active Listings2", "Total Reviews7", "Response Rate98%"]);
    // Trust signals (issue #29 point 6): the Verified badge and the list.
    expect(within(dialog).getByTestId("verified-badge").textContent).toContain("Verified");
    expect([...within(dialog).getByTestId("trust-signals").querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "Identity verified",
      "E-mail address verified",
      "Member since March 2024",
      "1 completed booking as a guest",
      "12 completed bookings as a host",
    ]);
    expect(screen.getByRole("link", { name: "Studio 1" }).getAttribute("href")).toBe("/space/studio-1/new-york?id=1");
    expect(dialog.textContent).toContain("$91/hr");
    // A listing nobody has reviewed shows no rating rather than 0.0.
    expect(screen.getByRole("link", { name: "Studio 2" }).closest("li")!.textContent).not.toContain("0.0");
    expect(screen.getByRole("link", { name: "Studio 1" }).closest("li")!.textContent).toContain("4.5");
    expect(screen.queryByText(/more listings/)).toBeNull();
    expect(screen.getByRole("link", { name: "View full profile page" }).getAttribute("href")).toBe(`/hosts/${HOST_ID}`);
    expect(screen.queryByText("Loading profile...")).toBeNull();
  });

  it("shows no response figures, no badge and no e-mail signal when there are none (never a made-up default)", async () => {
    respondWith(200, {
      profile: profile({
        trust: { emailVerified: false, identityVerified: false, memberSince: "2024-03-01T00:00:00.000Z", completedAsGuest: 0, completedAsHost: 0, responseRate: null, responseTime: null },
      }),
    });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Maya Chen" });
    expect(dialog.textContent).not.toContain("response rate");
    const tiles = [...dialog.querySelectorAll("dl > div")].map((tile) => tile.textContent);
    expect(tiles).toEqual(["Active Listings2", "Total Reviews7"]);
    expect(within(dialog).queryByTestId("verified-badge")).toBeNull();
    expect([...within(dialog).getByTestId("trust-signals").querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "Member since March 2024",
      "0 completed bookings as a guest",
      "0 completed bookings as a host",
    ]);
  });

  it("shows six cards and 'And N more listings...' beyond six", async () => {
    respondWith(200, {
      profile: profile({
        stats: { totalListings: 9, totalReviews: 0, averageRating: 0 },
        listings: [1, 2, 3, 4, 5, 6].map(listing),
      }),
    });
    renderDialog();
    expect(await screen.findByText("And 3 more listings...")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /^Studio \d$/ })).toHaveLength(6);
  });

  it("shows the no-listings texts and 'Host' for the default profile", async () => {
    respondWith(200, {
      profile: profile({
        fullName: null,
        avatarUrl: null,
        bio: null,
        stats: { totalListings: 0, totalReviews: 0, averageRating: 0 },
        listings: [],
      }),
    });
    renderDialog();
    expect(await screen.findByText("No Active Listings")).toBeTruthy();
    expect(screen.getByText("This host doesn't have any active listings at the moment.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Host" })).toBeTruthy();
    expect(screen.getByTestId("avatar-placeholder")).toBeTruthy();
  });

  it("replaces a broken avatar with the placeholder icon", async () => {
    respondWith(200, { profile: profile() });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Maya Chen" });
    const avatar = dialog.querySelector('img[src="/media/maya.webp"]');
    expect(avatar).toBeTruthy();
    expect(screen.queryByTestId("avatar-placeholder")).toBeNull();
    fireEvent.error(avatar!);
    expect(await screen.findByTestId("avatar-placeholder")).toBeTruthy();
  });

  it("shows 'Profile not found' for a 404", async () => {
    respondWith(404, { error: "Profile not found" });
    renderDialog();
    expect(await screen.findByText("Profile not found")).toBeTruthy();
  });

  it("shows the server's error text, or 'Failed to load profile' when there is none", async () => {
    respondWith(500, { error: "Database unavailable" });
    renderDialog();
    expect((await screen.findByRole("alert")).textContent).toBe("Database unavailable");
    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 502 })),
    );
    renderDialog();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load profile");
  });

  it("'Contact Host' asks a visitor to sign in", async () => {
    respondWith(200, { profile: profile() });
    const { openSignIn, onOpenChange } = renderDialog();
    await userEvent.click(await screen.findByRole("button", { name: "Contact Host" }));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("'Contact Host' posts the listing to /messages/start for a signed-in guest", async () => {
    respondWith(200, { profile: profile() });
    renderDialog({ user: { id: "00000000-0000-4000-8000-000000000999" } });
    const button = await screen.findByRole("button", { name: "Contact Host" });
    const form = button.closest("form")!;
    expect(form.getAttribute("action")).toBe("/messages/start");
    expect(form.getAttribute("method")).toBe("post");
    expect((form.querySelector("input[name=spaceId]") as HTMLInputElement).value).toBe(profile().listings[0]!.id);
  });

  it("does not offer 'Contact Host' on your own profile", async () => {
    respondWith(200, { profile: profile() });
    renderDialog({ user: { id: HOST_ID } });
    await screen.findByRole("dialog", { name: "Maya Chen" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Contact Host" })).toBeNull());
  });

  it("shows one's own just-uploaded avatar at once ('avatarUpdated')", async () => {
    respondWith(200, { profile: profile() });
    renderDialog({ user: { id: HOST_ID } });
    const dialog = await screen.findByRole("dialog", { name: "Maya Chen" });
    act(() => announceAvatar("/media/new-avatar.webp"));
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("/media/new-avatar.webp");
  });
});
