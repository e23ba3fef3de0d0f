import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { english, type Translate } from "~/features/i18n/translate";

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
  nameRequired: translatable("Give the list a name."),
  // WISHLIST_NAME_MAX
  nameTooLong: translatable("A list name can be at most 50 characters."),
  nameTaken: (name: string, _: Translate = english) =>
    _(msg`You already have a list called “${name}”.`),
  // MAX_WISHLISTS
  // prettier-ignore
  tooManyLists: translatable("You can have at most 100 wishlists. Delete one to make another."),
  // MAX_WISHLIST_ITEMS
  listFull: translatable("A wishlist can hold at most 500 listings."),
  notFound: translatable("Wishlist not found"),
  listingNotFound: translatable("This listing is not available to save."),
  signInToSave: translatable("Sign in to save listings to a wishlist."),
  saved: (name: string, _: Translate = english) => _(msg`Saved to ${name}`),
  removed: (name: string, _: Translate = english) =>
    _(msg`Removed from ${name}`),
  created: (name: string, _: Translate = english) => _(msg`Created ${name}`),
  deleted: (name: string, _: Translate = english) => _(msg`Deleted ${name}`),
  renamed: (name: string, _: Translate = english) =>
    _(msg`Renamed to ${name}`),
  datesInvalid: translatable("Pick a date in the format YYYY-MM-DD."),
  // prettier-ignore
  datesInverted: translatable("The end date must be on or after the start date."),
  // MAX_AVAILABILITY_DAYS
  datesTooLong: translatable("Pick at most 14 days."),
  datesPast: translatable("Pick a date from today on."),
  datesTooFar: translatable("Pick a date within the next year."),
} as const;

/** Saved searches (issue #27 point 6, docs/decisions/0231-saved-search-alerts.md). */
export const SAVED_SEARCH_TEXT = {
  // prettier-ignore
  saved: translatable("Search saved: we will e-mail you when a listing matches"),
  invalid: translatable("This search could not be saved."),
  tooLong: translatable("This search is too long to save."),
  // prettier-ignore
  empty: translatable("Pick a place, a date or a filter before saving a search."),
  duplicate: translatable("You already saved this search."),
  // prettier-ignore
  tooMany: translatable("You can save at most 20 searches. Delete one to save another."),
  notFound: translatable("Saved search not found"),
  deleted: translatable("Saved search deleted"),
  signIn: translatable("Sign in to save this search."),
} as const;
