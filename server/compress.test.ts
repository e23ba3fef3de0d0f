import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses } from "./compress";

/** Streams `body` without a Content-Length, as React Router writes every answer. */
const streamed = (type: string, body: string) => (_req: express.Request, res: express.Response) => {
  res.setHeader("Content-Type", type);
  res.write(body.slice(0, 10));
  res.end(body.slice(10));
};

const bigJson = JSON.stringify({ busy: Array.from({ length: 200 }, (_, i) => ({ start: i, end: i + 1 })) });
const page = `<!doctype html><p>${"Rentwell ".repeat(400)}</p>`;

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compressResponses());
  app.get("/api/busy", streamed("application/json; charset=utf-8", bigJson));
  app.post("/api/bookings", streamed("application/json; charset=utf-8", bigJson));
  app.post("/form", streamed("text/html; charset=utf-8", page));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function encodingOf(method: string, path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: "127.0.0.1", method, path, headers: { "Accept-Encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.headers["content-encoding"]));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("compressResponses", () => {
  it("gzips GET answers and pages, even streamed", async () => {
    expect(await encodingOf("GET", "/api/busy")).toBe("gzip");
    expect(await encodingOf("POST", "/form")).toBe("gzip");
  });

  it("sends JSON answers to API writes as they are", async () => {
    expect(await encodingOf("POST", "/api/bookings")).toBeUndefined();
  });
});
