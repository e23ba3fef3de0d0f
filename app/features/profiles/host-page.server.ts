import { and, eq } from "drizzle-orm";
import { spaces } from "~/db/schema/listings";
import { profiles } from "~/db/schema/profiles";
import type { Db } from "~/lib/db.server";
import { safeWebUrl, SOCIAL_NETWORKS, type SocialField } from "./profile-form";
import { listLinks, listPosts, type ProfileLinkRow, type ProfilePostRow } from "./profile.server";
import type { PublicProfile } from "./public-profile";
import { getPublicProfile } from "./public-profile.server";

/** Posts the public host page shows: pinned ones first, then the newest. */
export const HOST_PAGE_POST_LIMIT = 10;

export type HostPage = {
  profile: PublicProfile;
  /**
   * Whether the member has a published listing (paused ones count): the page shows them as
   * a host. Otherwise they are shown as a member who books as a guest (ADR 0288).
   */
  isHost: boolean;
  bannerUrl: string | null;
  website: string | null;
  location: string | null;
  socials: { field: SocialField; label: string; url: string }[];
  links: ProfileLinkRow[];
  posts: ProfilePostRow[];
};

/**
 * The public host page /hosts/{id} (docs/product.md#host-profile): the dialog's profile,
 * plus banner, website, location, social links, custom links and pinned/recent posts.
 * Null when no such user exists. Stored addresses are checked again (http(s) only), so a
 * row written some other way can never put a javascript: link on the page.
 */
export async function getHostPage(db: Db, userId: string, now: Date): Promise<HostPage | null> {
  const profile = await getPublicProfile(db, userId, now);
  if (!profile) return null;
  const [extra] = await db
    .select({
      bannerUrl: profiles.bannerUrl,
      website: profiles.website,
      location: profiles.location,
      instagram: profiles.instagram,
      twitter: profiles.twitter,
      facebook: profiles.facebook,
      linkedin: profiles.linkedin,
      youtube: profiles.youtube,
      tiktok: profiles.tiktok,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [links, posts, published] = await Promise.all([
    listLinks(db, userId),
    listPosts(db, userId, HOST_PAGE_POST_LIMIT),
    profile.stats.totalListings > 0
      ? Promise.resolve([{ id: "" }])
      : db.select({ id: spaces.id }).from(spaces).where(and(eq(spaces.userId, userId), eq(spaces.isPublished, true))).limit(1),
  ]);
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const url = extra?.[network.field] ? safeWebUrl(extra[network.field]!) : null;
    return url ? [{ field: network.field, label: network.label, url }] : [];
  });
  return {
    profile,
    isHost: published.length > 0,
    bannerUrl: extra?.bannerUrl?.trim() || null,
    website: extra?.website ? safeWebUrl(extra.website) : null,
    location: extra?.location?.trim() || null,
    socials,
    links: links.flatMap((link) => {
      const url = safeWebUrl(link.url);
      return url ? [{ ...link, url }] : [];
    }),
    posts,
  };
}

/** schema.org ProfilePage with its Person (docs/decisions/0143-public-host-page.md). */
export function hostPageJsonLd(page: HostPage, pageUrl: string, name: string, absolute: (path: string) => string) {
  const sameAs = [page.website, ...page.socials.map((social) => social.url)].filter((url): url is string => Boolean(url));
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: pageUrl,
    dateCreated: page.profile.createdAt,
    mainEntity: {
      "@type": "Person",
      "@id": `${pageUrl}#person`,
      name,
      url: pageUrl,
      ...(page.profile.avatarUrl ? { image: absolute(page.profile.avatarUrl) } : {}),
      ...(page.profile.bio ? { description: page.profile.bio } : {}),
      ...(page.location ? { homeLocation: { "@type": "Place", name: page.location } } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
    },
  };
}
