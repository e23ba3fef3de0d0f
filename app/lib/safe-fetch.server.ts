import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";

/**
 * Outbound HTTP to an address a user gave (calendar import, ADR 0203), safe from
 * server-side request forgery: only http(s); the name is resolved here and every
 * address it resolves to must be public unicast (no loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved, IPv4-mapped or -embedding IPv6
 * ranges); the connection is made to the address that was checked (the socket's lookup
 * answers with it, so a second DNS answer cannot swap it); each redirect (at most 3) is
 * checked again; the whole exchange has one deadline; the body is read as a stream and
 * abandoned past the byte cap, after decompression.
 */

export type SafeFetchErrorCode =
  | "invalid_url"
  | "blocked_address"
  | "dns"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "http_status"
  | "network";

/**
 * What a failure's English sentence says, as data (issue #31): a caller that shows it in
 * another language, or stores it for later (calendar sync, ADR 0299), composes its own
 * sentence from `reason` and `values`.
 */
export type SafeFetchDetail = { reason: string; values?: Record<string, string | number> };

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly detail: SafeFetchDetail = { reason: code },
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type SafeFetchOptions = {
  /** Bytes of (decompressed) body at most; default 1 MiB. */
  maxBytes?: number;
  /** The whole exchange, redirects included; default 10 s. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Loopback addresses may be fetched (tests: CALENDAR_IMPORT_ALLOW_PRIVATE). */
  allowLoopback?: boolean;
  headers?: Record<string, string>;
  /** DNS resolution (tests stand in a name that resolves to 127.0.0.1). */
  resolve?: ResolveHost;
};

export type SafeFetchResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; url: string };

export const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = "Rentwell-Calendar-Import/1.0";

const systemResolve: ResolveHost = async (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Why an address may not be fetched, or null when it is public unicast. */
export function refusedRange(address: string, allowLoopback = false): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1: judge the IPv4 address it carries.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === "unicast") return null;
  if (range === "loopback" && allowLoopback) return null;
  return range;
}

function parseTarget(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError("invalid_url", "That is not a web address.", { reason: "not_url" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("invalid_url", "Only http:// and https:// addresses can be fetched.", { reason: "scheme" });
  if (url.username || url.password) throw new SafeFetchError("invalid_url", "The address may not contain a user name or password.", { reason: "credentials" });
  return url;
}

/** The checked address to connect to for `url`'s host. */
async function pinAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const refuse = (address: string, range: string) =>
    new SafeFetchError("blocked_address", `${url.hostname} is a ${describeRange(range)} address (${address}); only public addresses can be fetched.`, {
      reason: "blocked",
      values: { host: url.hostname, range: describeRange(range), address },
    });
  if (ipaddr.isValid(host)) {
    const range = refusedRange(host, options.allowLoopback);
    if (range) throw refuse(host, range);
    return { address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 };
  }
  let answers: { address: string; family: number }[];
  try {
    answers = await (options.resolve ?? systemResolve)(host);
  } catch {
    throw new SafeFetchError("dns", `The name ${url.hostname} could not be found.`, { reason: "dns", values: { host: url.hostname } });
  }
  if (answers.length === 0) throw new SafeFetchError("dns", `The name ${url.hostname} could not be found.`, { reason: "dns", values: { host: url.hostname } });
  // Every answer must be public: a name that also points inside would be tried there by a retry.
  for (const answer of answers) {
    const range = refusedRange(answer.address, options.allowLoopback);
    if (range) throw refuse(answer.address, range);
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function describeRange(range: string): string {
  switch (range) {
    case "loopback":
      return "loopback";
    case "private":
    case "uniqueLocal":
      return "private";
    case "linkLocal":
      return "link-local";
    case "carrierGradeNat":
      return "carrier-grade NAT";
    case "multicast":
      return "multicast";
    case "unspecified":
      return "unspecified";
    default:
      return "non-public";
  }
}

/**
 * GET `url` under the rules above. Resolves with any final status (2xx, 304); throws
 * SafeFetchError with a sentence for a person otherwise.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxRedirects = options.maxRedirects ?? 3;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    let url = parseTarget(rawUrl);
    for (let hop = 0; ; hop += 1) {
      const pinned = await beforeDeadline(pinAddress(url, options), deadline.signal, options);
      const response = await requestOnce(url, pinned, options, deadline.signal);
      if (response.redirect) {
        if (hop >= maxRedirects) throw new SafeFetchError("too_many_redirects", `The address redirected more than ${maxRedirects} times.`, { reason: "redirects", values: { max: maxRedirects } });
        url = parseTarget(new URL(response.redirect, url));
        continue;
      }
      return { status: response.status, headers: response.headers, body: response.body, url: url.toString() };
    }
  } catch (error) {
    // Whatever else Node throws (an invalid header value, say) is a sentence too, never a 500.
    if (error instanceof SafeFetchError) throw error;
    throw networkError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or the timeout error when the deadline passes first (a DNS lookup that hangs). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal, options: SafeFetchOptions): Promise<T> {
  if (signal.aborted) return Promise.reject(timeoutError(options));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError(options));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const timeoutError = (options: SafeFetchOptions) =>
  new SafeFetchError("timeout", `The server did not send the calendar within ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} seconds.`, {
    reason: "timeout",
    values: { seconds: Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000) },
  });

type Once = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; redirect: string | null };

function requestOnce(url: URL, pinned: { address: string; family: 4 | 6 }, options: SafeFetchOptions, signal: AbortSignal): Promise<Once> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // The socket connects to the checked address whatever the name resolves to now.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Once>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(error instanceof SafeFetchError ? error : networkError(error));
    };
    const onAbort = () => fail(timeoutError(options));
    const request = client.request(
      url,
      {
        method: "GET",
        lookup,
        agent: false,
        headers: { "user-agent": USER_AGENT, accept: "text/calendar, */*;q=0.5", "accept-encoding": "gzip, deflate, br", ...options.headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          const location = response.headers.location;
          response.resume();
          if (!location) return fail(new SafeFetchError("http_status", `The server answered ${status} without saying where to.`, { reason: "no_location", values: { status } }));
          settled = true;
          signal.removeEventListener("abort", onAbort);
          request.destroy();
          return resolve({ status, headers: response.headers, body: Buffer.alloc(0), redirect: location });
        }
        if (status !== 304 && (status < 200 || status >= 300)) {
          response.resume();
          return fail(
            new SafeFetchError("http_status", `The server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}.`, {
              reason: response.statusMessage ? "status_text" : "status",
              values: { status, text: response.statusMessage ?? "" },
            }),
          );
        }
        const declared = Number(response.headers["content-length"]);
        const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
        if (encoding === "identity" && Number.isFinite(declared) && declared > maxBytes) return fail(tooLarge(maxBytes));
        const decoder = encoding === "gzip" || encoding === "x-gzip" ? zlib.createGunzip() : encoding === "deflate" ? zlib.createInflate() : encoding === "br" ? zlib.createBrotliDecompress() : null;
        if (!decoder && encoding !== "identity") return fail(new SafeFetchError("network", `The server sent the calendar in an encoding we cannot read (${encoding}).`, { reason: "encoding", values: { encoding } }));
        const body = decoder ? response.pipe(decoder) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        body.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            decoder?.destroy();
            return fail(tooLarge(maxBytes));
          }
          chunks.push(chunk);
        });
        body.on("error", fail);
        response.on("error", fail);
        body.on("end", () => {
          if (settled) return;
          settled = true;
          signal.removeEventListener("abort", onAbort);
          resolve({ status, headers: response.headers, body: Buffer.concat(chunks), redirect: null });
        });
      },
    );
    request.on("error", fail);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    request.end();
  });
}

const tooLarge = (maxBytes: number) =>
  new SafeFetchError(
    "too_large",
    `The calendar is larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes} bytes`}.`,
    maxBytes >= 1024 * 1024 ? { reason: "too_large_mb", values: { size: maxBytes / (1024 * 1024) } } : { reason: "too_large_bytes", values: { size: maxBytes } },
  );

/** A connection that failed, with its cause as a word the caller can say in its language ("refused", …) or the system's code. */
function networkError(error: unknown): SafeFetchError {
  const reason = networkReason(error);
  const cause = NETWORK_CAUSES[reason] ?? "other";
  return new SafeFetchError("network", `The calendar could not be fetched (${reason}).`, { reason: "network", values: { cause, code: reason } });
}

const NETWORK_CAUSES: Record<string, string> = {
  "connection refused": "refused",
  "connection reset": "reset",
  "host unreachable": "unreachable",
  "its certificate was not accepted": "certificate",
  "network error": "unknown",
};

function networkReason(error: unknown): string {
  const code = (error as { code?: string })?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "host unreachable";
  if (typeof code === "string" && code.startsWith("ERR_TLS") || code === "DEPTH_ZERO_SELF_SIGNED_CERT" || code === "CERT_HAS_EXPIRED" || code === "UNABLE_TO_VERIFY_LEAF_SIGNATURE") return "its certificate was not accepted";
  return code ?? "network error";
}
