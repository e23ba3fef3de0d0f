import { ERROR_TEXT } from "~/lib/messages";

/** The heart's endpoint (app/routes/wishlists/api.wishlists.ts) and its JSON answers. */
export const WISHLISTS_ENDPOINT = "/api/wishlists";

export type ListChoice = { id: string; name: string; isDefault: boolean; count: number; saved: boolean };
export type Answer = { ok: true; message: string; wishlistId?: string } | { ok: false; error: string; field?: string | null };

/** POSTs a change and reads the JSON answer; anything unusable becomes 'An error occurred'. */
export async function post(fields: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(WISHLISTS_ENDPOINT, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => null)) as Answer | null;
    if (body && typeof body === "object" && "ok" in body) return body;
    return { ok: false, error: ERROR_TEXT.generic };
  } catch {
    return { ok: false, error: ERROR_TEXT.generic };
  }
}
