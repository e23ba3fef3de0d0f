import { z } from "~/lib/zod";
import { WISHLIST_NAME_MAX, WISHLIST_TEXT } from "./wishlist-text";

export * from "./wishlist-text";

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export const wishlistNameSchema = z
  .string({ error: WISHLIST_TEXT.nameRequired })
  .transform((value) => value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, WISHLIST_TEXT.nameRequired).max(WISHLIST_NAME_MAX, WISHLIST_TEXT.nameTooLong));

/** The 'New list' and 'Rename' forms. */
export const wishlistNameFormSchema = z.object({ name: wishlistNameSchema });
