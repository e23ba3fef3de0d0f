import type { MediaStorage } from "~/features/media/storage.server";
import type { Db } from "~/lib/db.server";
import { firstErrors, formDataToObject } from "~/lib/forms";
import { translatable } from "~/features/i18n/translatable";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { ADDRESS_REQUIRED_MESSAGE, type FieldErrors, LISTING_ARRAY_FIELDS, parseListingForm } from "./listing-form";
import { createSpace, HostingError, updateSpace } from "./listings.server";

export type ListingActionResult =
  | { ok: true; id: string }
  | { ok: false; status: number; fieldErrors: FieldErrors; formError: string; values: Record<string, unknown> };

/** A listing form over the size limit (app/lib/read-body.server.ts): 413, nothing stored. */
export function listingFormTooLarge(mode: "create" | "edit"): ListingActionResult {
  const formError =
    mode === "create" ? translatable("Failed to create listing: the form is too large.") : translatable("Failed to update listing: the form is too large.");
  return { ok: false, status: 413, fieldErrors: {}, formError, values: {} };
}

/**
 * The create and edit actions: parse with the shared schema, save, and turn every
 * failure into a message (docs/product.md#error-texts: the server's message when there is one, else
 * the fallback) — never a 500 for bad input.
 */
export async function runListingAction(
  db: Db,
  storage: MediaStorage,
  userId: string,
  formData: FormData,
  target: { mode: "create" } | { mode: "edit"; spaceId: string },
): Promise<ListingActionResult> {
  const fallback = target.mode === "create" ? ERROR_TEXT.createListing : ERROR_TEXT.updateListing;
  const values = formDataToObject(formData, LISTING_ARRAY_FIELDS);
  const parsed = parseListingForm(formData);
  if (!parsed.success) {
    const errors: FieldErrors = firstErrors(parsed.error);
    const onlyAddress = Object.keys(errors).length === 1 && errors.address;
    return {
      ok: false,
      status: 400,
      fieldErrors: errors,
      formError: onlyAddress
        ? ADDRESS_REQUIRED_MESSAGE
        : target.mode === "create"
          ? translatable("Failed to create listing: please correct the highlighted fields.")
          : translatable("Failed to update listing: please correct the highlighted fields."),
      values,
    };
  }
  try {
    const result =
      target.mode === "create"
        ? await createSpace(db, storage, userId, parsed.data)
        : await updateSpace(db, storage, userId, target.spaceId, parsed.data);
    return { ok: true, id: result.id };
  } catch (error) {
    if (error instanceof HostingError) {
      return {
        ok: false,
        status: error.status,
        fieldErrors: error.field ? { [error.field]: error.message } : {},
        formError: error.message,
        values,
      };
    }
    logger.error({ err: error }, fallback);
    return { ok: false, status: 500, fieldErrors: {}, formError: fallback, values };
  }
}
