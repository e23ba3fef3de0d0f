import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { onceDrainThroughCompression } from "./compression-drain";

/**
 * A compressed response written faster than the client reads, waiting for "drain"
 * with `res.once` the way React Router's writer does: no listener may pile up.
 */
async function streamToSlowClient(withFix: boolean) {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on("warning", onWarning);
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(onceDrainThroughCompression);
  let waits = 0;
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    for (let i = 0; i < 120; i++) {
      // Random bytes do not compress, so the zlib stream fills and asks us to wait.
      if (!res.write(crypto.randomBytes(64 * 1024).toString("base64"))) {
        waits++;
        await new Promise<void>((resolve) => res.once("drain", () => resolve()));
      }
    }
    res.end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    http.get({ port, host: "127.0.0.1", path: "/", headers: { "Accept-Encoding": "gzip" } }, (response) => {
      response.on("data", () => {
        response.pause();
        setTimeout(() => response.resume(), 1);
      });
      response.on("end", resolve);
      response.on("error", reject);
    });
  });
  await new Promise((resolve) => server.close(resolve));
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off("warning", onWarning);
  return { waits, warnings };
}

describe("compression and res.once('drain')", () => {
  it("leaves no spent drain listeners behind on a long response to a slow client", async () => {
    const { waits, warnings } = await streamToSlowClient(true);
    expect(waits).toBeGreaterThan(11);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("is needed: without it the same response piles them up", async () => {
    const { waits, warnings } = await streamToSlowClient(false);
    expect(waits).toBeGreaterThan(11);
    expect(warnings).toContain("MaxListenersExceededWarning");
  });
});
