/**
 * The one way a route reads a request body (docs/decisions/0080-bounded-request-bodies.md).
 *
 * Bytes are counted as they arrive, so neither a false `Content-Length` nor a chunked
 * body can make the server hold more than `maxBytes`: at the limit the reading stops
 * and the caller answers 413. Every action that reads a body goes through here (or,
 * for file uploads, through the streaming upload parser, which enforces its own limits).
 */

import type { Readable } from "node:stream";

/** Small forms: sign-in, sign-up, toggles, a space type, contact, newsletter. */
export const SMALL_FORM_BYTES = 32 * 1024;
/** The listing form: long descriptions and up to 25 media URLs, never files. */
export const LISTING_FORM_BYTES = 256 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too-large" | "unreadable" };

/** Reads the whole body, up to `maxBytes`. */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  if (request.bodyUsed) return { ok: false, reason: "unreadable" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading, without destroying the connection: the client still gets its 413,
        // and the HTTP server closes the connection once that is sent (server/hardening.ts).
        reader.releaseLock();
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

export type FormRead = { ok: true; form: FormData } | { ok: false; reason: "too-large" };

/**
 * Reads a form post (URL-encoded or multipart) of at most `maxBytes`. An unreadable
 * body is an empty form: the route's schema then says which fields are missing.
 */
export async function readFormWithLimit(request: Request, maxBytes: number): Promise<FormRead> {
  const read = await readBodyWithLimit(request, maxBytes);
  if (!read.ok) return read.reason === "too-large" ? { ok: false, reason: "too-large" } : { ok: true, form: new FormData() };
  const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    const form = await new Response(read.bytes as BodyInit, { headers: { "Content-Type": type } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: true, form: new FormData() };
  }
}

/** The JSON 413 answer of resource routes. */
export function bodyTooLargeResponse(body: Record<string, unknown> = { error: BODY_TOO_LARGE_MESSAGE }): Response {
  return Response.json(body, { status: 413, headers: { "Cache-Control": "no-store", Connection: "close" } });
}

export type JsonRead = { ok: true; value: unknown } | { ok: false; reason: "too-large" | "invalid" };

/** A JSON body of at most `maxBytes` (read as readBodyWithLimit does); unreadable or malformed JSON is `invalid`. */
export async function readJsonWithLimit(request: Request, maxBytes: number): Promise<JsonRead> {
  return jsonOf(await readBodyWithLimit(request, maxBytes));
}

/**
 * readJsonWithLimit for a Node request (an HTTP handler outside React Router:
 * the API layer, server/api.ts), counting bytes as they arrive in the same way.
 */
export async function readNodeJsonWithLimit(request: Readable & { headers: Record<string, string | string[] | undefined> }, maxBytes: number): Promise<JsonRead> {
  return jsonOf(await readNodeBodyWithLimit(request, maxBytes));
}

function readNodeBodyWithLimit(request: Readable & { headers: Record<string, string | string[] | undefined> }, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ ok: false, reason: "too-large" });
  if (request.readableEnded) return Promise.resolve({ ok: false, reason: "unreadable" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (read: BodyRead) => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) return void chunks.push(chunk);
      // Stop reading (the HTTP server closes the connection once the 413 is sent: server/hardening.ts).
      request.pause();
      finish({ ok: false, reason: "too-large" });
    };
    const onEnd = () => finish({ ok: true, bytes: Buffer.concat(chunks, size) });
    const onError = () => finish({ ok: false, reason: "unreadable" });
    const onClose = () => finish({ ok: false, reason: "unreadable" });
    request.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

function jsonOf(body: BodyRead): JsonRead {
  if (!body.ok) return { ok: false, reason: body.reason === "too-large" ? "too-large" : "invalid" };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(body.bytes)) };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
