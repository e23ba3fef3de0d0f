/**
 * Reads a form post (URL-encoded or multipart) of at most `maxBytes`, counting the
 * bytes as they arrive, so neither a false Content-Length nor a chunked upload can
 * make the server buffer more. An unreadable body is an empty form: the schema then
 * says which fields are missing.
 */
export async function readSmallForm(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData } | { ok: false; reason: "too-large" }> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, form: new FormData() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: true, form: new FormData() };
  }
  const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    return { ok: true, form: await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": type } }).formData() };
  } catch {
    return { ok: true, form: new FormData() };
  }
}
