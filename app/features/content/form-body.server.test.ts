import { describe, expect, it } from "vitest";
import { readSmallForm } from "./form-body.server";

const FORM = "application/x-www-form-urlencoded";

/** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(text: string, chunkSize: number) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Request("http://localhost/contact", { method: "POST", body, headers: { "Content-Type": FORM }, duplex: "half" } as RequestInit);
}

describe("readSmallForm", () => {
  it("parses a URL-encoded form within the limit", async () => {
    const request = new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams({ name: "Ana", message: "Olá" }) });
    const result = await readSmallForm(request, 1024);
    expect(result.ok && Object.fromEntries(result.form)).toEqual({ name: "Ana", message: "Olá" });
  });

  it("parses a multipart form", async () => {
    const form = new FormData();
    form.set("email", "ana@example.com");
    const result = await readSmallForm(new Request("http://localhost/newsletter", { method: "POST", body: form }), 4096);
    expect(result.ok && result.form.get("email")).toBe("ana@example.com");
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      body: "message=hi",
      headers: { "Content-Type": FORM, "Content-Length": "999999" },
    });
    expect(await readSmallForm(request, 1024)).toEqual({ ok: false, reason: "too-large" });
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    expect(await readSmallForm(streamed(`message=${"x".repeat(5000)}`, 100), 1024)).toEqual({ ok: false, reason: "too-large" });
    const small = await readSmallForm(streamed("message=hello&name=Ana", 3), 1024);
    expect(small.ok && Object.fromEntries(small.form)).toEqual({ message: "hello", name: "Ana" });
  });

  it("treats a body that is not a form as an empty form", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
    });
    const result = await readSmallForm(request, 1024);
    expect(result.ok && [...result.form.keys()]).toEqual([]);
  });
});
