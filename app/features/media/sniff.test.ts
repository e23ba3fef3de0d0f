import { describe, expect, it } from "vitest";
import { displayName, sniffMedia } from "./sniff";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));

const ftyp = (brand: string) => bytes([0, 0, 0, 24], "ftyp", brand, [0, 0, 0, 0], "isommp41");

describe("sniffMedia", () => {
  it("recognises images by their magic bytes", () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))).toEqual({ kind: "image", format: "jpeg" });
    expect(sniffMedia(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.format).toBe("png");
    expect(sniffMedia(bytes("GIF89a", [1, 0]))?.format).toBe("gif");
    expect(sniffMedia(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))?.format).toBe("webp");
    expect(sniffMedia(ftyp("avif"))?.format).toBe("avif");
    expect(sniffMedia(ftyp("heic"))?.format).toBe("heic");
  });

  it("recognises MP4, QuickTime and WebM videos", () => {
    expect(sniffMedia(ftyp("isom"))).toMatchObject({ kind: "video", ext: "mp4" });
    expect(sniffMedia(ftyp("qt  "))).toMatchObject({ kind: "video", ext: "mov" });
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toMatchObject({ kind: "video", ext: "webm" });
  });

  it("refuses SVG, text pretending to be a JPEG, HTML, PDF and unknown ftyp brands", () => {
    expect(sniffMedia(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMedia(bytes('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffMedia(bytes("just some text, named photo.jpg"))).toBeNull();
    expect(sniffMedia(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffMedia(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffMedia(ftyp("zzzz"))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
  });

  it("shortens and cleans file names for messages", () => {
    expect(displayName("a\u0000b.jpg")).toBe("ab.jpg");
    expect(displayName("x".repeat(200))).toHaveLength(80);
  });
});
