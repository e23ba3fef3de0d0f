/**
 * Wishlists' limits, texts and form schemas (issue #27 point 5, docs/decisions/0230-wishlists.md).
 * Browser-safe and free of zod (the heart on every card imports it); the form schema is in wishlist-rules.ts.
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


/** Saved searches (issue #27 point 6, docs/decisions/0231-saved-search-alerts.md). */
export const SAVED_SEARCH_TEXT = {
  saved: "Search saved: we will e-mail you when a listing matches",
  invalid: "This search could not be saved.",
  tooLong: "This search is too long to save.",
  empty: "Pick a place, a date or a filter before saving a search.",
  duplicate: "You already saved this search.",
  tooMany: "You can save at most 20 searches. Delete one to save another.",
  notFound: "Saved search not found",
  deleted: "Saved search deleted",
  signIn: "Sign in to save this search.",
} as const;
