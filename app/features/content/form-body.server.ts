import { readFormWithLimit } from "~/lib/read-body.server";

/**
 * Reads a form post (URL-encoded or multipart) of at most `maxBytes`, counting the
 * bytes as they arrive (the shared reader in app/lib/read-body.server.ts).
 */
export async function readSmallForm(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData } | { ok: false; reason: "too-large" }> {
  return readFormWithLimit(request, maxBytes);
}
