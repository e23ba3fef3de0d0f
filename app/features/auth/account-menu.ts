/**
 * The signed-in user's menu of docs/product.md#header, in order. `wideOnly` items are left out of
 * the small-screen list (My Listings and the admin link); `adminOnly` needs is_admin.
 */
export type AccountMenuItem =
  | { kind: "link"; label: string; to: string; wideOnly?: boolean; adminOnly?: boolean }
  | { kind: "view-profile"; label: string };

export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  { kind: "link", label: "Dashboard", to: "/dashboard" },
  { kind: "link", label: "My Profile", to: "/profile" },
  { kind: "view-profile", label: "View My Profile" },
  { kind: "link", label: "List A Space", to: "/create-listing" },
  { kind: "link", label: "My Listings", to: "/my-listings", wideOnly: true },
  { kind: "link", label: "My Bookings", to: "/my-bookings" },
  // Saved listings and searches (issue #27 points 5-6).
  { kind: "link", label: "Wishlists", to: "/wishlists" },
  { kind: "link", label: "Messages", to: "/messages" },
  // Sessions, password and two-step sign-in (issue #29 point 4).
  { kind: "link", label: "Security", to: "/profile/security" },
  { kind: "link", label: "Admin Dashboard", to: "/admin", wideOnly: true, adminOnly: true },
];

export function accountMenuFor(isAdmin: boolean, screen: "wide" | "small"): AccountMenuItem[] {
  return ACCOUNT_MENU.filter(
    (item) => item.kind !== "link" || ((!item.adminOnly || isAdmin) && (screen === "wide" || !item.wideOnly)),
  );
}

/** What the header needs to know about the signed-in user (a subset of SessionUser). */
export type MenuUser = { id: string; email: string; fullName: string | null; avatarUrl: string | null; isAdmin: boolean };

/** "1 unread conversation", "3 unread conversations": the header badge's words. */
export function unreadConversationsText(count: number): string {
  return `${count} unread conversation${count === 1 ? "" : "s"}`;
}

export function displayName(user: Pick<MenuUser, "email" | "fullName">): string {
  return user.fullName?.trim() || user.email;
}
