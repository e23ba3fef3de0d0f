import { BODY_TOO_LARGE_MESSAGE, readBodyWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { clientIp } from "~/features/security/client-ip.server";
import { clientCountry } from "~/features/account-security/sessions.server";
import { translatable } from "~/features/i18n/translatable";
import type { AuthOutcome, RequestMeta } from "./accounts.server";
import { sessionCookies } from "./cookies.server";
import type { AuthActionResult } from "./credentials";

/**
 * Sign-in forms are tiny, but an over-long field should still get its own message
 * ("E-mail must be at most 254 characters"), so the cap sits well above the field limits.
 */
const MAX_BODY_BYTES = SMALL_FORM_BYTES;

export function requestMeta(request: Request): RequestMeta {
  return { ip: clientIp(request), userAgent: request.headers.get("user-agent"), country: clientCountry(request) };
}

function json(body: AuthActionResult, status: number, headers: HeadersInit = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export type ReadCredentials =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; response: Response };

function refuse(status: 400 | 413 | 415, error: string): ReadCredentials {
  return { ok: false, response: json({ ok: false, error }, status) };
}

/** Only the fields we read, so extra keys ("isAdmin", "__proto__") never travel further. */
function pick(get: (name: "email" | "password") => unknown): Record<string, unknown> {
  return { email: get("email") ?? undefined, password: get("password") ?? undefined };
}

/**
 * Reads `email` and `password` from a URL-encoded form, a multipart form or a JSON
 * object. Anything else gets a 4xx with a message: an unsupported content type (415),
 * a body over 32 KiB (413), or a body that cannot be parsed (400).
 */
export async function readCredentials(request: Request): Promise<ReadCredentials> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const kind =
    type === "application/json" || type.endsWith("+json")
      ? "json"
      : type === "multipart/form-data"
        ? "multipart"
        : type === "application/x-www-form-urlencoded" || type === ""
          ? "form"
          : null;
  if (!kind) return refuse(415, translatable("Send the e-mail and password as a form or as JSON."));
  const read = await readBodyWithLimit(request, MAX_BODY_BYTES);
  if (!read.ok) return read.reason === "too-large" ? refuse(413, BODY_TOO_LARGE_MESSAGE) : refuse(400, translatable("The request could not be read."));
  const bytes = read.bytes;
  try {
    if (kind === "json") {
      const body: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        return refuse(400, translatable("Send a JSON object with an e-mail and a password."));
      }
      const record = body as Record<string, unknown>;
      return { ok: true, input: pick((name) => (Object.hasOwn(record, name) ? record[name] : undefined)) };
    }
    if (kind === "multipart") {
      const form = await new Response(bytes as BodyInit, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
      return { ok: true, input: pick((name) => form.get(name)) };
    }
    const params = new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return { ok: true, input: pick((name) => params.get(name)) };
  } catch {
    return refuse(400, translatable("The request could not be read."));
  }
}

/** Turns a sign-in or sign-up outcome into the JSON answer, with the session cookies on success. */
export function authResponse(outcome: AuthOutcome): Response {
  if (outcome.ok) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of sessionCookies(outcome.tokens)) headers.append("Set-Cookie", cookie);
    return Response.json({ ok: true } satisfies AuthActionResult, { status: 200, headers });
  }
  const extra: Record<string, string> = outcome.result.retryAfterSeconds
    ? { "Retry-After": String(outcome.result.retryAfterSeconds) }
    : {};
  return json(outcome.result, outcome.status, extra);
}
