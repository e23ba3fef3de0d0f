import { and, asc, eq, or, sql } from "drizzle-orm";
import { isVerifiedSql } from "~/features/identity/verified-sql.server";
import { z } from "~/lib/zod";
import { profiles } from "~/db/schema/profiles";
import { spaces } from "~/db/schema/listings";
import { listSpaceReviews } from "~/features/reviews/reviews.server";
import type { Db } from "~/lib/db.server";
import { preparedQuery } from "~/lib/prepared.server";
import { slugify } from "./slug";
import { slugSql } from "~/db/slug-sql";

const uuid = z.uuid();


/** The path of a listing's page without the id: /space/{title-slug}/{location-slug}. */
export function spaceBasePath(space: { title: string; location: string }) {
  return `/space/${slugify(space.title) || "listing"}/${slugify(space.location) || "anywhere"}`;
}

export type SpaceLookup =
  | { kind: "found"; id: string; canonicalPath: string }
  | { kind: "redirect"; to: string }
  | { kind: "not-found" };

/**
 * Resolves /space/{title}/{location}?id= (ADR 0040). Listings sharing a title
 * and location are all reachable: the bare path serves the oldest published one,
 * every other one is addressed with `?id=<uuid>`. A malformed, unknown or
 * mismatched id redirects to the canonical address; a renamed listing's old
 * address with its id redirects to the new one. Unpublished listings are visible
 * only to their owner.
 */
/**
 * Listings at one address (their title and location slugs), oldest first: an index
 * probe on spaces_slug_idx. Published ones, and the viewer's own (a null viewer
 * matches no owner).
 */
function spaceLookupQuery(db: Db) {
  return preparedQuery(db, "space_lookup", (db, name) =>
    db
      .select({ id: spaces.id, isPublished: spaces.isPublished })
      .from(spaces)
      .where(
        and(
          sql`${slugSql(spaces.title)} = any(${sql.placeholder("titles")}::text[])`,
          sql`${slugSql(spaces.location)} = any(${sql.placeholder("locations")}::text[])`,
          or(eq(spaces.isPublished, true), eq(spaces.userId, sql.placeholder("viewerId"))),
        ),
      )
      .orderBy(asc(spaces.createdAt), asc(spaces.id))
      .limit(200)
      .prepare(name),
  );
}

export async function lookupSpace(
  db: Db,
  input: { titleSlug: string; locationSlug: string; id: string | null; viewerId: string | null },
): Promise<SpaceLookup> {
  const titleSlug = slugify(input.titleSlug.slice(0, 500));
  const locationSlug = slugify(input.locationSlug.slice(0, 500));
  const id = input.id && uuid.safeParse(input.id).success ? input.id.toLowerCase() : null;
  const visible = input.viewerId
    ? or(eq(spaces.isPublished, true), eq(spaces.userId, input.viewerId))
    : eq(spaces.isPublished, true);

  // "listing" and "anywhere" also stand for an empty title or location.
  const candidates = titleSlug
    ? await spaceLookupQuery(db).execute({
        titles: titleSlug === "listing" ? ["", "listing"] : [titleSlug],
        locations: locationSlug === "anywhere" ? ["", "anywhere"] : [locationSlug],
        viewerId: input.viewerId,
      })
    : [];

  const base = `/space/${titleSlug}/${locationSlug}`;
  const primary = candidates.find((candidate) => candidate.isPublished);
  const pathOf = (candidateId: string) => (candidateId === primary?.id ? base : `${base}?id=${candidateId}`);
  const exactPath = input.titleSlug === titleSlug && input.locationSlug === locationSlug;

  if (id) {
    const match = candidates.find((candidate) => candidate.id === id);
    if (match) {
      if (!exactPath) return { kind: "redirect", to: `${base}?id=${match.id}` };
      return { kind: "found", id: match.id, canonicalPath: pathOf(match.id) };
    }
    // The id exists under another title or location (renamed): send to its address.
    const [moved] = await db.select({ id: spaces.id, title: spaces.title, location: spaces.location }).from(spaces).where(and(eq(spaces.id, id), visible));
    if (moved) return { kind: "redirect", to: `${spaceBasePath(moved)}?id=${moved.id}` };
  }
  const first = primary ?? candidates[0];
  if (!first) return { kind: "not-found" };
  if (input.id !== null || !exactPath) return { kind: "redirect", to: pathOf(first.id) };
  return { kind: "found", id: first.id, canonicalPath: pathOf(first.id) };
}

export type SpaceDetail = Awaited<ReturnType<typeof loadSpaceDetail>>;

/** Everything the space page shows about one listing (already known to be visible). */
export async function loadSpaceDetail(db: Db, id: string, reviewPage = 1, now = new Date()) {
  const [row] = await preparedQuery(db, "space_detail", (db, name) =>
    db
      .select({
        space: spaces,
        hostName: profiles.fullName,
        hostAvatarUrl: profiles.avatarUrl,
        hostJoined: profiles.createdAt,
        hostVerified: isVerifiedSql(spaces.userId),
      })
      .from(spaces)
      .leftJoin(profiles, eq(profiles.id, spaces.userId))
      .where(eq(spaces.id, sql.placeholder("id")))
      .prepare(name),
  ).execute({ id });
  if (!row) return null;
  return {
    space: row.space,
    host: { id: row.space.userId, fullName: row.hostName?.trim() || null, avatarUrl: row.hostAvatarUrl || null, verified: Boolean(row.hostVerified) },
    // One page of published reviews, newest first, with 'Verified stay' and the host's answer (ADR 0171, 0272).
    reviews: await listSpaceReviews(db, id, reviewPage, undefined, now),
  };
}

