import { translatable } from "~/features/i18n/translatable";
import { PROFILE_UPDATE_TYPES } from "~/db/schema/profiles";
import { z } from "~/lib/zod";

/**
 * The /profile forms (docs/product.md#profile): one zod schema each, run in the browser
 * before sending and again in the action (docs/decisions/0060-form-pipeline.md).
 * Web addresses are http(s) only; social fields take a handle or a link on that
 * network and are stored as the canonical https link (docs/decisions/0140-profile-page.md).
 */

export const PROFILE_LIMITS = {
  fullName: 100,
  bio: 2000,
  website: 300,
  location: 100,
  social: 300,
  linkTitle: 80,
  linkUrl: 500,
  postTitle: 150,
  postContent: 5000,
} as const;

/** At most this many custom links and posts per profile. */
export const MAX_PROFILE_LINKS = 20;
export const MAX_PROFILE_POSTS = 100;

export const PROFILE_INTENTS = [
  "profile",
  "add-link",
  "delete-link",
  "move-link",
  "add-post",
  "update-post",
  "delete-post",
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const SOCIAL_NETWORKS = [
  {
    field: "instagram",
    label: "Instagram",
    hosts: ["instagram.com"],
    base: "https://www.instagram.com/",
  },
  {
    field: "twitter",
    label: "Twitter",
    hosts: ["twitter.com", "x.com"],
    base: "https://x.com/",
  },
  {
    field: "facebook",
    label: "Facebook",
    hosts: ["facebook.com", "fb.com"],
    base: "https://www.facebook.com/",
  },
  {
    field: "linkedin",
    label: "LinkedIn",
    hosts: ["linkedin.com"],
    base: "https://www.linkedin.com/in/",
  },
  {
    field: "youtube",
    label: "YouTube",
    hosts: ["youtube.com", "youtu.be"],
    base: "https://www.youtube.com/@",
  },
  {
    field: "tiktok",
    label: "TikTok",
    hosts: ["tiktok.com"],
    base: "https://www.tiktok.com/@",
  },
] as const;
export type SocialField = (typeof SOCIAL_NETWORKS)[number]["field"];

/** The icons a custom link may show (a name from this list, or none). */
export const LINK_ICONS = [
  { value: "globe", label: translatable("Website") },
  { value: "calendar", label: translatable("Calendar") },
  { value: "camera", label: translatable("Photos") },
  { value: "mail", label: translatable("E-mail") },
  { value: "map-pin", label: translatable("Map") },
  { value: "music", label: translatable("Music") },
  { value: "shopping-bag", label: translatable("Shop") },
  { value: "video", label: translatable("Video") },
] as const;
export type LinkIcon = (typeof LINK_ICONS)[number]["value"];

export const POST_TYPE_LABELS: Record<
  (typeof PROFILE_UPDATE_TYPES)[number],
  string
> = {
  general: translatable("General"),
  space_update: translatable("Space update"),
  announcement: translatable("Announcement"),
  feature_highlight: translatable("Feature highlight"),
};

const HANDLE = /^@?([A-Za-z0-9._-]{1,100})$/;
/** Whitespace and control characters never belong in a web address. */
function hasUnsafeUrlChars(value: string) {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || /\s/.test(char)) return true;
  }
  return false;
}

/**
 * A web address as an https/http URL string, or null when it is not one. A bare
 * domain ("example.com/page") gets https://; any other scheme (javascript:, data:,
 * mailto:…) is refused.
 */
export function safeWebUrl(input: string): string | null {
  const value = input.trim();
  if (!value || hasUnsafeUrlChars(value)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  const candidate = hasScheme
    ? value
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]|$)/i.test(value)
      ? `https://${value}`
      : null;
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".") || url.username || url.password) return null;
  return url.href;
}

function hostMatches(hostname: string, hosts: readonly string[]) {
  const host = hostname.toLowerCase().replace(/^(www|m|mobile)\./, "");
  return hosts.includes(host);
}

/**
 * A social handle or link as the network's https link, or null when it is neither.
 * '@name', 'name' and 'https://instagram.com/name' all give 'https://www.instagram.com/name'.
 */
export function normaliseSocial(
  field: SocialField,
  input: string,
): string | null {
  const network = SOCIAL_NETWORKS.find((item) => item.field === field)!;
  const value = input.trim();
  const handle = HANDLE.exec(value);
  // No slash and no scheme: a handle (dots allowed, as in 'jane.doe').
  if (handle) return `${network.base}${handle[1]}`;
  const url = safeWebUrl(value);
  if (!url) return null;
  const parsed = new URL(url);
  if (!hostMatches(parsed.hostname, network.hosts)) return null;
  parsed.protocol = "https:";
  return parsed.href;
}

/** The text a social link shows: its handle ('@name') when it is a plain profile link. */
export function socialDisplay(field: SocialField, url: string): string {
  const network = SOCIAL_NETWORKS.find((item) => item.field === field)!;
  if (url.startsWith(network.base)) {
    const rest = url.slice(network.base.length);
    if (HANDLE.test(rest)) return `@${rest.replace(/^@/, "")}`;
  }
  return url.replace(/^https?:\/\/(www\.)?/, "");
}

/** "" and whitespace → null; anything else trimmed. */
const blankToNull = (value: unknown) => {
  if (typeof value !== "string") return value ?? null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .max(
        max,
        `${label} must be at most ${max.toLocaleString("en-US")} characters`,
      )
      .nullable(),
  );

const requiredText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(
        max,
        `${label} must be at most ${max.toLocaleString("en-US")} characters`,
      ),
  );

const webUrl = (label: string, max: number, required: boolean) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} is required` })
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .transform((value, ctx) => {
        if (value === null) {
          if (required)
            ctx.addIssue({ code: "custom", message: `${label} is required` });
          return null;
        }
        const url = safeWebUrl(value);
        if (!url)
          ctx.addIssue({
            code: "custom",
            message: `${label} must be a web address starting with http:// or https://`,
          });
        return url;
      }),
  );

const social = (field: SocialField) => {
  const network = SOCIAL_NETWORKS.find((item) => item.field === field)!;
  return z.preprocess(
    blankToNull,
    z
      .string()
      .max(
        PROFILE_LIMITS.social,
        `${network.label} must be at most ${PROFILE_LIMITS.social} characters`,
      )
      .nullable()
      .transform((value, ctx) => {
        if (value === null) return null;
        const url = normaliseSocial(field, value);
        if (!url)
          ctx.addIssue({
            code: "custom",
            message: `Enter a ${network.label} handle (like @name) or a ${network.hosts[0]} link`,
          });
        return url;
      }),
  );
};

export const profileDetailsSchema = z.object({
  fullName: optionalText("Full name", PROFILE_LIMITS.fullName),
  bio: optionalText("Bio", PROFILE_LIMITS.bio),
  website: webUrl("Website", PROFILE_LIMITS.website, false),
  location: optionalText("Location", PROFILE_LIMITS.location),
  instagram: social("instagram"),
  twitter: social("twitter"),
  facebook: social("facebook"),
  linkedin: social("linkedin"),
  youtube: social("youtube"),
  tiktok: social("tiktok"),
});
export type ProfileDetails = z.output<typeof profileDetailsSchema>;
export type ProfileDetailsField = keyof z.input<typeof profileDetailsSchema>;

export const profileLinkSchema = z.object({
  title: requiredText("Title", PROFILE_LIMITS.linkTitle),
  url: webUrl("URL", PROFILE_LIMITS.linkUrl, true).transform((value) => value!),
  icon: z.preprocess(
    blankToNull,
    z
      .enum(LINK_ICONS.map((icon) => icon.value) as [LinkIcon, ...LinkIcon[]], {
        error: translatable("Choose an icon from the list"),
      })
      .nullable(),
  ),
});
export type ProfileLinkInput = z.output<typeof profileLinkSchema>;

export const profilePostSchema = z.object({
  title: requiredText("Title", PROFILE_LIMITS.postTitle),
  content: requiredText("Content", PROFILE_LIMITS.postContent),
  type: z.preprocess(
    (value) => (value === undefined || value === "" ? "general" : value),
    z.enum(PROFILE_UPDATE_TYPES, { error: translatable("Choose a type from the list") }),
  ),
  isPinned: z.preprocess(
    (value) => value === "on" || value === "true" || value === true,
    z.boolean(),
  ),
});
export type ProfilePostInput = z.output<typeof profilePostSchema>;

export const moveLinkSchema = z.object({
  id: z.string(),
  direction: z.enum(["up", "down"]),
});
