import { describe, expect, it } from "vitest";
import { accountMenuFor, displayName } from "./account-menu";

const labels = (isAdmin: boolean, screen: "wide" | "small") => accountMenuFor(isAdmin, screen).map((item) => item.label);

describe("account menu (docs/product.md#header)", () => {
  it("lists every item in order on wide screens, with the admin link for admins only", () => {
    expect(labels(false, "wide")).toEqual(["Dashboard", "My Profile", "View My Profile", "List A Space", "My Listings", "My Bookings", "Wishlists", "Messages", "Security"]);
    expect(labels(true, "wide")).toEqual([
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
    ]);
  });

  it("leaves My Listings and the admin link out of the small-screen list, even for admins", () => {
    const small = ["Dashboard", "My Profile", "View My Profile", "List A Space", "My Bookings", "Wishlists", "Messages", "Security"];
    expect(labels(false, "small")).toEqual(small);
    expect(labels(true, "small")).toEqual(small);
  });

  it("links each item to its spec route", () => {
    const routes = Object.fromEntries(
      accountMenuFor(true, "wide").flatMap((item) => (item.kind === "link" ? [[item.label, item.to]] : [])),
    );
    expect(routes).toEqual({
      Dashboard: "/dashboard",
      "My Profile": "/profile",
      "List A Space": "/create-listing",
      "My Listings": "/my-listings",
      "My Bookings": "/my-bookings",
      Wishlists: "/wishlists",
      Messages: "/messages",
      Security: "/profile/security",
      "Admin Dashboard": "/admin",
    });
  });

  it("shows the name, or the e-mail when the name is blank", () => {
    expect(displayName({ email: "ada@example.test", fullName: "Ada Lovelace" })).toBe("Ada Lovelace");
    expect(displayName({ email: "ada@example.test", fullName: "   " })).toBe("ada@example.test");
    expect(displayName({ email: "ada@example.test", fullName: null })).toBe("ada@example.test");
  });
});
