import type { EventEmitter } from "node:events";
import type { RequestHandler } from "express";

/**
 * `compression` hands a response's "drain" listeners to its zlib stream, but not their
 * removal (expressjs/compression#135, still open): `res.once("drain", fn)` — which
 * React Router's response writer uses every time the client reads slower than the page
 * streams — leaves one spent listener on the zlib stream per wait, and a large page to
 * a slow client passes eleven and prints MaxListenersExceededWarning. Mounted after
 * `compression()`, this makes a once-listener remove itself from whichever emitter
 * fired it.
 */
export const onceDrainThroughCompression: RequestHandler = (_req, res, next) => {
  const once = res.once;
  res.once = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
    if (event !== "drain") return once.call(this, event, listener);
    const removeAndCall = function (this: EventEmitter, ...args: unknown[]) {
      this.removeListener("drain", removeAndCall);
      listener.apply(this, args);
    };
    return this.on("drain", removeAndCall);
  } as typeof res.once;
  next();
};
