import { z } from "~/lib/zod";

/**
 * Wishlists' limits, texts and form schemas (issue #27 point 5, docs/decisions/0230-wishlists.md).
 * Browser-safe: the same schema checks a form before it is sent and again in the action.
 */
export const WISHLIST_NAME_MAX = 50;
/** Lists per guest, and listings per list: enough for anyone, bounded for the database. */
export const MAX_WISHLISTS = 100;
export const MAX_WISHLIST_ITEMS = 500;
export const DEFAULT_WISHLIST_NAME = "Favorites";
/** The longest date range the availability of a list is shown for. */
export const MAX_AVAILABILITY_DAYS = 14;

export const WISHLIST_TEXT = {
  nameRequired: "Give the list a name.",
  nameTooLong: `A list name can be at most ${WISHLIST_NAME_MAX} characters.`,
  nameTaken: (name: string) => `You already have a list called “${name}”.`,
  tooManyLists: `You can have at most ${MAX_WISHLISTS} wishlists. Delete one to make another.`,
  listFull: `A wishlist can hold at most ${MAX_WISHLIST_ITEMS} listings.`,
  notFound: "Wishlist not found",
  listingNotFound: "This listing is not available to save.",
  signInToSave: "Sign in to save listings to a wishlist.",
  saved: (name: string) => `Saved to ${name}`,
  removed: (name: string) => `Removed from ${name}`,
  created: (name: string) => `Created ${name}`,
  deleted: (name: string) => `Deleted ${name}`,
  datesInvalid: "Pick a date in the format YYYY-MM-DD.",
  datesInverted: "The end date must be on or after the start date.",
  datesTooLong: `Pick at most ${MAX_AVAILABILITY_DAYS} days.`,
  datesPast: "Pick a date from today on.",
  datesTooFar: "Pick a date within the next year.",
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export const wishlistNameSchema = z
  .string({ error: WISHLIST_TEXT.nameRequired })
  .transform((value) => value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, WISHLIST_TEXT.nameRequired).max(WISHLIST_NAME_MAX, WISHLIST_TEXT.nameTooLong));

/** The 'New list' and 'Rename' forms. */
export const wishlistNameFormSchema = z.object({ name: wishlistNameSchema });
