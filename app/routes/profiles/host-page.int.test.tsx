import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, guestReviews } from "~/db/schema/index";
import type * as DbModule from "~/lib/db.server";
import { createSpace } from "../../../tests/factories/listings";
import { createUser } from "../../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

/**
 * /hosts/{id} as a visitor reads it (issue #28 point 5, ADR 0288), on both engines: the
 * loader on a real database, its data rendered to HTML by the page's own component. A member
 * with no published listing is a member who books as a guest, not a 'Host'; 'Reviews from
 * hosts' pages through every review, ten at a time.
 */
const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const route = await import("./host-page");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
});
afterAll(() => database.drop());

const HOUR = 3_600_000;

/** The page's HTML and its <title>, for `path` (with ?reviews=N), as the loader and the component make them. */
async function visit(id: string, query = "") {
  const request = new Request(`http://localhost/hosts/${id}${query}`);
  const data = await route.loader({ request, params: { id }, context: {}, unstable_pattern: "" } as never);
  const Page = route.default as unknown as (props: { loaderData: typeof data }) => React.ReactElement;
  const Stub = createRoutesStub([{ id: "host-page", path: "/hosts/:id", Component: () => <Page loaderData={data} /> }]);
  const html = renderToString(<Stub initialEntries={[`/hosts/${id}${query}`]} hydrationData={{ loaderData: { "host-page": data } }} />);
  const meta = route.meta({ data, matches: [], params: { id }, location: {} } as never) as { title?: string }[];
  const text = html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ");
  return { data, text, title: meta.find((tag) => tag.title)?.title };
}

/** `n` published reviews of `guestId` by `hostId`, one a day, the newest first numbered 1. */
async function reviewsOf(guestId: string, hostId: string, spaceId: string, n: number) {
  const now = Date.now();
  for (let i = 1; i <= n; i += 1) {
    const end = new Date(now - (i + 1) * 24 * HOUR);
    const [booking] = await database.db
      .insert(bookings)
      .values({ userId: guestId, spaceId, startTime: new Date(end.getTime() - 2 * HOUR), endTime: end, rentalAmount: 10000, totalPrice: 11000, platformFeePercentage: 10, platformFeeAmount: 1000, status: "completed", payoutReleaseAt: end })
      .returning();
    await database.db.insert(guestReviews).values({ bookingId: booking!.id, guestId, authorId: hostId, rating: i % 2 === 0 ? 4 : 5, comment: `Stay number ${i}`, publishedAt: new Date(end.getTime() + HOUR) });
  }
}

describe("/hosts/{id} for a member who has only been a guest", () => {
  it("shows them as a member and guest, without the host's parts, with the reviews from hosts", async () => {
    const host = await createUser(database.db, { fullName: "Hana Host", signIn: false });
    const guest = await createUser(database.db, { fullName: "Gus Guest", signIn: false });
    const unnamed = await createUser(database.db, { signIn: false });
    const space = await createSpace(database.db, { userId: host.id, title: "Hana's loft" });
    await reviewsOf(guest.id, host.id, space.id, 1);

    const page = await visit(guest.id);
    expect(page.data.page.isHost).toBe(false);
    expect(page.title).toBe("Gus Guest · Member | Rentwell");
    const year = new Date().getUTCFullYear();
    expect(page.text).toMatch(new RegExp(`Guest since \\w+ ${year}`));
    expect(page.text).toContain("Reviews from hosts");
    expect(page.text).toContain("5.0 · 1 review as a guest");
    expect(page.text).toContain("Stay number 1");
    for (const hostPart of ["Active Listings", "Total Reviews", "No Active Listings", "This host doesn't have any active listings", "Contact Host", "Joined "]) {
      expect(page.text).not.toContain(hostPart);
    }

    // No name: 'Member', never 'Host'.
    const nameless = await visit(unnamed.id);
    expect(nameless.title).toBe("Member · Member | Rentwell");
    expect(nameless.text).toContain("Member");
    expect(nameless.text).not.toMatch(/\bHost\b/);
  });

  it("keeps a host's page as it was: 'Host', the listings, the tiles and the join date", async () => {
    const host = await createUser(database.db, { signIn: false });
    await createSpace(database.db, { userId: host.id, title: "Bright studio" });
    const page = await visit(host.id);
    expect(page.data.page.isHost).toBe(true);
    expect(page.title).toBe("Host · Host | Rentwell");
    for (const hostPart of ["Active Listings", "Total Reviews", "Bright studio", "Joined "]) expect(page.text).toContain(hostPart);
    expect(page.text).not.toContain("Guest since");
  });

  it("a host whose listings are all paused is still a host; one with only drafts is a member", async () => {
    const paused = await createUser(database.db, { signIn: false });
    await createSpace(database.db, { userId: paused.id, available: false });
    expect((await visit(paused.id)).data.page.isHost).toBe(true);
    const drafts = await createUser(database.db, { signIn: false });
    await createSpace(database.db, { userId: drafts.id, isPublished: false });
    expect((await visit(drafts.id)).data.page.isHost).toBe(false);
  });
});

describe("'Reviews from hosts' pages", () => {
  it("shows ten, and the 11th on page 2 through 'Older reviews'; a page past the end is the last", async () => {
    const host = await createUser(database.db, { signIn: false });
    const guest = await createUser(database.db, { signIn: false });
    const space = await createSpace(database.db, { userId: host.id });
    await reviewsOf(guest.id, host.id, space.id, 11);

    const first = await visit(guest.id);
    expect(first.text).toContain("4.5 · 11 reviews as a guest");
    expect(first.data.guestReviews.items.map((item) => item.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `Stay number ${i + 1}`));
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain("Older reviews");
    expect(first.text).not.toContain("Stay number 11");

    const second = await visit(guest.id, "?reviews=2");
    expect(second.data.guestReviews.items.map((item) => item.comment)).toEqual(["Stay number 11"]);
    expect(second.text).toContain("Stay number 11");
    expect(second.text).toContain("Page 2 of 2");
    expect(second.text).toContain("Newer reviews");
    expect(second.text).not.toContain("Older reviews");

    expect((await visit(guest.id, "?reviews=99")).data.guestReviews.page).toBe(2);
    expect((await visit(guest.id, "?reviews=abc")).data.guestReviews.page).toBe(1);
  });
});
