import type { MediaStorage } from "~/features/media/storage.server";
import type { Db } from "~/lib/db.server";
import { ADDRESS_REQUIRED_MESSAGE, type FieldErrors, fieldErrors, formDataToObject, parseListingForm } from "./listing-form";
import { createSpace, HostingError, updateSpace } from "./listings.server";

export type ListingActionResult =
  | { ok: true; id: string }
  | { ok: false; status: number; errors: FieldErrors; formError: string; values: Record<string, unknown> };

/** A listing form over the size limit (app/lib/read-body.server.ts): 413, nothing stored. */
export function listingFormTooLarge(mode: "create" | "edit"): ListingActionResult {
  const fallback = mode === "create" ? "Failed to create listing" : "Failed to update listing";
  return { ok: false, status: 413, errors: {}, formError: `${fallback}: the form is too large.`, values: {} };
}

/**
 * The create and edit actions: parse with the shared schema, save, and turn every
 * failure into a message (spec §8: the server's message when there is one, else
 * the fallback) — never a 500 for bad input.
 */
export async function runListingAction(
  db: Db,
  storage: MediaStorage,
  userId: string,
  formData: FormData,
  target: { mode: "create" } | { mode: "edit"; spaceId: string },
): Promise<ListingActionResult> {
  const fallback = target.mode === "create" ? "Failed to create listing" : "Failed to update listing";
  const values = formDataToObject(formData);
  const parsed = parseListingForm(formData);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const onlyAddress = Object.keys(errors).length === 1 && errors.address;
    return {
      ok: false,
      status: 400,
      errors,
      formError: onlyAddress ? ADDRESS_REQUIRED_MESSAGE : `${fallback}: please correct the highlighted fields.`,
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
        errors: error.field ? { [error.field]: error.message } : {},
        formError: error.message,
        values,
      };
    }
    console.error(`${fallback}:`, error);
    return { ok: false, status: 500, errors: {}, formError: fallback, values };
  }
}
