import type { IncomingHttpHeaders } from "node:http";

/** Raw HTTP requests for tests and benchmarks: any method, any (endless, chunked) body. */
export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; sentBytes: number };

/**
 * One request with node:http, so any method (TRACE) and any body (chunked, endless) can
 * be sent. `body` may be a generator: chunks are written until it ends or the server
 * answers (then sending stops). Reads at most `maxBodyBytes` of the answer.
 */
export async function rawRequest(
  baseUrl: string,
  { method = "GET", path: target = "/", headers = {}, body, maxBodyBytes = 256 * 1024 }: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | (() => Generator<Buffer>);
    maxBodyBytes?: number;
  },
): Promise<RawResponse> {
  const http = await import("node:http");
  // The target is sent as written (a path like "//x" is not a host here).
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8"), sentBytes });
        if (String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
          finish();
          response.destroy();
          return;
        }
        response.on("data", (chunk: Buffer) => {
          if (size < maxBodyBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", finish);
        response.on("error", finish);
        response.on("close", finish);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${target}: no answer in 30 s`)));
    // Named by its request (a walk over every route says which one failed), with the socket's code.
    const failed = (error: NodeJS.ErrnoException) => Object.assign(new Error(`${method} ${target}: ${error.message}`, { cause: error }), { code: error.code });
    request.on("error", (error) => (answered ? undefined : reject(failed(error))));
    if (body === undefined) return void request.end();
    if (typeof body === "string" || Buffer.isBuffer(body)) {
      sentBytes = Buffer.byteLength(body);
      return void request.end(body);
    }
    const chunks = body();
    const pump = () => {
      for (;;) {
        if (answered || request.destroyed) return;
        const next = chunks.next();
        if (next.done) return void request.end();
        sentBytes += next.value.length;
        if (!request.write(next.value)) return void request.once("drain", pump);
      }
    };
    pump();
  });
}

/** `total` bytes in chunks of 64 KiB, produced lazily. */
export function* chunks(total: number, fill = "a"): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
}
