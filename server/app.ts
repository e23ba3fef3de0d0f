import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import express from "express";
import path from "node:path";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { checkReadiness } from "~/lib/readiness.server";
import { compressResponses } from "./compress";
import { onceDrainThroughCompression } from "./compression-drain";
import { requestLog } from "./request-log";
import { apiLayer } from "./api";
import { BASE_SECURITY_HEADERS } from "~/lib/security-headers.server";
import { wantsNoReferrer } from "~/features/auth/email-link-page.server";
import { applyHardening, errorDetailMode } from "./hardening";
import { localeOfPath, PREFIXED_LOCALES } from "~/lib/locales";

/** What the app asks of the process that serves it: whether it is shutting down (/readyz). */
export type Lifecycle = { shuttingDown(): boolean };
const NEVER_STOPPING: Lifecycle = { shuttingDown: () => false };

/**
 * The HTTP app: security headers on every response, compression, long-cached hashed
 * assets, uploaded media from DATA_DIR and the React Router handler. Started by
 * server/main.ts (listening, jobs, shutdown); the HTTP tests run it as it is.
 *
 * `build`: the server build, loaded once before listening (start() does). Without it
 * the build is imported per request, which lets the test server's Vite reload changed
 * modules; React Router then re-derives its route table on every request (about 1 ms
 * each: bench/README.md), so a served app always passes it.
 */
/** The server build with a language prefix as its basename (a function build stays one, re-imported per request). */
function withBasename(build: ServerBuild | (() => Promise<ServerBuild>), basename: string): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build === "function") return async () => ({ ...(await build()), basename });
  return { ...build, basename };
}

export function createApp(build?: ServerBuild, lifecycle: Lifecycle = NEVER_STOPPING) {
  const settings = env();
  const app = express();
  app.use(requestLog); // one JSON line per request, X-Request-Id (server/request-log.ts)
  app.disable("x-powered-by");
  applyHardening(app, settings); // TRUST_PROXY, 405s, oversized bodies, client address (server/hardening.ts)

  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    // The pages an e-mailed link opens send no Referer anywhere (ADR 0240).
    if (wantsNoReferrer(req.path)) res.setHeader("Referrer-Policy", "no-referrer");
    if (settings.isProduction) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  // The JSON API layer (server/api.ts, ADR 0201): the booking hold, which a rush for one
  // listing is all of, answered before compression and React Router, as under `react-router dev`.
  app.use(apiLayer());
  app.use(compressResponses()); // not small JSON answers to API writes (server/compress.ts)
  app.use(onceDrainThroughCompression); // expressjs/compression#135 (server/compression-drain.ts)

  const clientDir = path.resolve("build/client");
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // The other public files (favicon, manifest, demo images) all have an extension; a
  // page's path does not, so pages skip the file-system lookup.
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  // Uploaded media: served as inert files, never as pages or scripts.
  app.use(
    "/media",
    (_req, res, next) => {
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      next();
    },
    express.static(path.join(settings.dataDir, "media"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
      redirect: false,
      fallthrough: false,
    }),
  );

  // For load balancers (docs/decisions/0092-health-logs-shutdown.md): /healthz says the
  // process is alive (no database call); /readyz that it can serve: the database
  // answers, every migration is applied, and it is not shutting down.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const readiness = lifecycle.shuttingDown() ? ({ ok: false, reason: "shutting down" } as const) : await checkReadiness(await getDb()).catch(() => ({ ok: false, reason: "database unreachable" }) as const);
    res.status(readiness.ok ? 200 : 503).json(readiness);
  });

  // A stream has no data variant: React Router's `.data` request would run the loader and
  // wait for the never-ending live stream (issue #30 point 5).
  app.all("/api/live.data", (_req, res) => {
    res.status(404).set("Cache-Control", "no-store").json({ error: "Not found" });
  });

  // The pages, in English at / and in each other language under its prefix (/es/explore):
  // one React Router handler per prefix, whose basename is the prefix, so the browser's
  // router keeps it in every link and request (ADR 0293).
  const loadBuild = build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const handlerFor = (basename?: string) =>
    createRequestHandler({
      build: basename ? withBasename(loadBuild, basename) : loadBuild,
      mode: errorDetailMode(settings),
    });
  const pages = handlerFor();
  const localePages = new Map(PREFIXED_LOCALES.map((locale) => [locale, handlerFor(`/${locale}`)]));
  app.all("/{*splat}", (req, res, next) => {
    const locale = localeOfPath(req.path);
    return (locale ? localePages.get(locale)! : pages)(req, res, next);
  });
  return app;
}
