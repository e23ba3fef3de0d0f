import { ERROR_TEXT } from "~/lib/messages";

export type PostJsonAnswer = { ok: true; message?: string } | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * Posts a small form to one of the account routes and reads its JSON answer; a network
 * failure or an answer without a message becomes 'An error occurred'.
 */
export async function postJson(action: string, fields: Record<string, string>): Promise<PostJsonAnswer> {
  try {
    const response = await fetch(action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && body?.ok === true) return { ok: true, ...(typeof body.message === "string" ? { message: body.message } : {}) };
    const error = typeof body?.error === "string" && body.error.trim() ? body.error : ERROR_TEXT.generic;
    const fieldErrors = body?.fieldErrors && typeof body.fieldErrors === "object" ? (body.fieldErrors as Record<string, string>) : undefined;
    return { ok: false, error, ...(fieldErrors ? { fieldErrors } : {}) };
  } catch {
    return { ok: false, error: ERROR_TEXT.generic };
  }
}
