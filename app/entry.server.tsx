import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { logRequestError } from "~/lib/log-errors.server";
import { NonceProvider } from "~/lib/nonce";
import { isDatabaseUnavailable } from "~/lib/db-unavailable.server";
import { env } from "~/lib/env.server";
import { mediaOrigin } from "~/features/media/storage.server";
import { contentSecurityPolicy, createNonce } from "~/lib/security-headers.server";
import { localeOfPath } from "~/lib/locales";
import { etagMatches, pageNonceSealer, sharedCacheControl, sharedPagePolicy, SIGNED_IN_CACHE_CONTROL } from "~/lib/page-cache.server";

export const streamTimeout = 5_000;

/** Errors of loaders and actions: one line for expected rejections, a stack only for the unexpected. */
/**
 * Requests that met an unreachable database. handleError sees the error as thrown;
 * by the time the page renders, a production build has replaced it with a generic
 * "Unexpected Server Error", so the mark is taken here.
 */
const databaseUnavailable = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) databaseUnavailable.add(request);
  logRequestError(error, request);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The other security headers are set for every response by server/app.ts.
  // The database cannot be reached for a moment (restarting, failing over): the error
  // page goes out as 503 so clients and load balancers retry; the next request
  // reconnects by itself (docs/decisions/0092-health-logs-shutdown.md).
  if (databaseUnavailable.has(request) || Object.values(routerContext.staticHandlerContext.errors ?? {}).some((error) => isDatabaseUnavailable(error))) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  const policy = { development: import.meta.env.DEV, https: env().SITE_URL.startsWith("https:"), stripe: env().PAYMENT_PROVIDER === "stripe", mapStyleUrl: env().MAP_STYLE_URL, mediaOrigin: mediaOrigin() };
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // An anonymous public page: one shareable copy for every visitor (ADR 0270).
  const shared = sharedPagePolicy(request, responseStatusCode, responseHeaders, routerContext);
  if (shared) {
    responseHeaders.set("Cache-Control", sharedCacheControl(shared));
    responseHeaders.append("Vary", "Cookie");
    // Without a language prefix the page's language comes from Accept-Language (ADR 0293): a copy per language.
    if (!localeOfPath(new URL(request.url).pathname)) responseHeaders.append("Vary", "Accept-Language");
    if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
    return renderSharedPage(request, responseStatusCode, responseHeaders, routerContext, policy);
  }

  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, policy));
  const signedIn = Boolean((routerContext.staticHandlerContext.loaderData?.root as { user?: unknown } | undefined)?.user);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", signedIn ? SIGNED_IN_CACHE_CONTROL : "private, no-cache");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      document(request, routerContext, nonce),
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRequestError(error, request);
        },
      },
    );
  });
}

function document(request: Request, routerContext: EntryContext, nonce: string) {
  return (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
}

/**
 * A shared page is rendered whole (no streaming: a cache stores it whole anyway),
 * with a placeholder where the nonce goes; the nonce is then derived from the page,
 * which gives the page a strong ETag that repeats while its content does.
 */
function renderSharedPage(request: Request, status: number, headers: Headers, routerContext: EntryContext, policy: Parameters<typeof contentSecurityPolicy>[1]): Promise<Response> {
  const sealer = pageNonceSealer();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      clearTimeout(timeoutId);
      const { nonce, body, etag } = sealer.seal(Buffer.concat(chunks).toString("utf8"));
      headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, policy));
      // Something failed after the shell: an ordinary private answer, never shared, no validator.
      if (status !== 200) headers.set("Cache-Control", "private, no-cache");
      else headers.set("ETag", etag);
      if (status === 200 && etagMatches(request.headers.get("If-None-Match"), etag)) {
        headers.delete("Content-Type");
        resolve(new Response(null, { status: 304, headers }));
        return;
      }
      resolve(new Response(body, { status, headers }));
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(document(request, routerContext, sealer.placeholder), {
      nonce: sealer.placeholder,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        logRequestError(error, request);
      },
    });
  });
}
