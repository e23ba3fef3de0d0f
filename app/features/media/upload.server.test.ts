import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { localStorage, mediaOrigin, ObjectExistsError, s3Storage, type MediaStorage, newMediaKey } from "./storage.server";
import { receiveUploads, UploadError } from "./upload.server";
import { videoFile } from "../../../tests/factories/media";

const userId = "0b6f5d4e-3a2b-4c1d-8e9f-a0b1c2d3e4f5";
let root: string;
let storage: MediaStorage;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rentwell-upload-"));
  storage = localStorage(root);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const limits = { maxImages: 20, maxVideos: 5 };

function request(files: Array<{ name: string; bytes: Buffer | Uint8Array; type?: string }>) {
  const form = new FormData();
  for (const file of files) form.append("files", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }));
  return new Request("http://localhost/api/media/uploads", { method: "POST", body: form });
}

async function storedFiles() {
  const out: string[] = [];
  for (const dir of await fs.readdir(root).catch(() => [])) {
    for (const name of await fs.readdir(path.join(root, dir))) out.push(`${dir}/${name}`);
  }
  return out;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#2a9d8f" } }).png().toBuffer();

describe("receiveUploads", () => {
  it("re-encodes an image to WebP in a detail and a card size, without metadata", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#e76f51" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "home address" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const [uploaded] = await receiveUploads(request([{ name: "holiday.jpg", bytes: jpeg }]), storage, userId, limits);
    expect(uploaded).toMatchObject({ kind: "image", name: "holiday.jpg" });
    expect(uploaded!.url).toMatch(new RegExp(`^/media/${userId}/[A-Za-z0-9_-]{22}\\.webp$`));
    const detail = await fs.readFile(path.join(root, storage.keyFromUrl(uploaded!.url)!));
    const card = await fs.readFile(path.join(root, storage.keyFromUrl((uploaded as { cardUrl: string }).cardUrl)!));
    const detailMeta = await sharp(detail).metadata();
    expect(detailMeta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(detailMeta.exif).toBeUndefined();
    expect(await sharp(card).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(detail.includes(Buffer.from("secret-owner"))).toBe(false);
  });

  it("strips GPS position and XMP from a phone photo", async () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>home-street-42</rdf:Description></rdf:RDF></x:xmpmeta>';
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#264653" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 46/1", GPSLongitudeRef: "W", GPSLongitude: "79/1 58/1 56/1" } })
      .withXmp(xmp)
      .toBuffer();
    const source = await sharp(photo).metadata();
    expect(source.exif?.includes(Buffer.from("PhoneCo"))).toBe(true);
    expect(source.xmp).toBeDefined();
    const [uploaded] = await receiveUploads(request([{ name: "IMG_0001.jpg", bytes: photo }]), storage, userId, limits);
    for (const url of [uploaded!.url, (uploaded as { cardUrl: string }).cardUrl]) {
      const stored = await fs.readFile(path.join(root, storage.keyFromUrl(url)!));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
      expect(stored.includes(Buffer.from("home-street-42"))).toBe(false);
    }
  });

  it("refuses more videos than the listing may still take, and a 6th video", async () => {
    const mp4 = videoFile("tour.mp4");
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `clip-${i}.mp4`, bytes: mp4, type: "video/mp4" }));
    const error = await refusal(receiveUploads(request(six), storage, userId, limits));
    expect(error.message).toBe("A listing can have at most 5 videos; you can add 5 more.");
    expect(await storedFiles()).toEqual([]);
  });

  it("stores videos as they are, recognised by content", async () => {
    const mp4 = videoFile("tour.mp4");
    const [uploaded] = await receiveUploads(request([{ name: "tour.bin", bytes: mp4, type: "application/octet-stream" }]), storage, userId, limits);
    expect(uploaded).toMatchObject({ kind: "video", name: "tour.bin" });
    expect(uploaded!.url).toMatch(/\.mp4$/);
    expect(await fs.readFile(path.join(root, storage.keyFromUrl(uploaded!.url)!))).toEqual(mp4);
  });

  it.each(["tour.mp4", "tour.mov", "tour.webm"] as const)("accepts a whole %s and refuses it cut short or followed by a web page", async (name) => {
    const video = videoFile(name);
    const [kept] = await receiveUploads(request([{ name, bytes: video, type: "video/mp4" }]), storage, userId, limits);
    expect(kept).toMatchObject({ kind: "video", name });
    const before = await storedFiles();
    const page = Buffer.concat([video, Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>")]);
    const cut = video.subarray(0, video.length - 100);
    for (const [label, bytes] of [["page", page], ["cut", cut]] as const) {
      const error = await refusal(receiveUploads(request([{ name: `${label}-${name}`, bytes, type: "video/mp4" }]), storage, userId, limits));
      expect(error.message).toBe(`"${label}-${name}" could not be read as a video. It may be damaged or incomplete.`);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it("accepts 40 MB of media data after the clip, but refuses 40 MB of padding, which the MP4 parser would hold whole", async () => {
    const box = (type: string, size: number) => {
      const bytes = Buffer.alloc(size, 7);
      bytes.writeUInt32BE(size, 0);
      bytes.write(type, 4, "latin1");
      return bytes;
    };
    const media = Buffer.concat([videoFile("tour.mp4"), box("mdat", 40 * 1024 * 1024)]);
    const [kept] = await receiveUploads(request([{ name: "media.mp4", bytes: media, type: "video/mp4" }]), storage, userId, limits);
    expect(kept).toMatchObject({ kind: "video", name: "media.mp4" });
    const before = await storedFiles();
    const padded = Buffer.concat([videoFile("tour.mp4"), box("free", 40 * 1024 * 1024)]);
    const error = await refusal(receiveUploads(request([{ name: "padded.mp4", bytes: padded, type: "video/mp4" }]), storage, userId, limits));
    expect(error.message).toBe('"padded.mp4" could not be read as a video. It may be damaged or incomplete.');
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a file that only starts like an MP4", async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(12), Buffer.alloc(500, 7)]);
    const error = await refusal(receiveUploads(request([{ name: "fake.mp4", bytes: fake, type: "video/mp4" }]), storage, userId, limits));
    expect(error.message).toBe('"fake.mp4" could not be read as a video. It may be damaged or incomplete.');
  });

  it("refuses a .jpg that is really text, an SVG, a 0-byte file and a truncated image, naming the file", async () => {
    let error = await refusal(receiveUploads(request([{ name: "photo.jpg", bytes: Buffer.from("hello, I am text") }]), storage, userId, limits));
    expect(error.message).toContain('"photo.jpg" is not a supported file');
    error = await refusal(
      receiveUploads(request([{ name: "logo.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: "image/svg+xml" }]), storage, userId, limits),
    );
    expect(error.message).toContain('"logo.svg" is not a supported file');
    error = await refusal(receiveUploads(request([{ name: "empty.png", bytes: Buffer.alloc(0) }]), storage, userId, limits));
    expect(error.message).toBe('"empty.png" is empty.');
    const whole = await png();
    error = await refusal(receiveUploads(request([{ name: "cut.png", bytes: whole.subarray(0, Math.floor(whole.length / 2)) }]), storage, userId, limits));
    expect(error.message).toContain('"cut.png" could not be read as an image');
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses an image over 10 MB with 413", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const error = await refusal(receiveUploads(request([{ name: "huge.jpg", bytes: big }]), storage, userId, limits));
    expect(error.status).toBe(413);
    expect(error.message).toBe('"huge.jpg" is larger than 10 MB, the limit for an image.');
  });

  it("refuses a video over 100 MB with 413, naming the file, and stores nothing", async () => {
    const header = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(12)]);
    const big = Buffer.concat([header, Buffer.alloc(100 * 1024 * 1024 + 1 - header.length, 1)]);
    const error = await refusal(receiveUploads(request([{ name: "walkthrough.mp4", bytes: big, type: "video/mp4" }]), storage, userId, limits));
    expect(error.status).toBe(413);
    expect(error.message).toBe('"walkthrough.mp4" is larger than 100 MB, the limit for a video.');
    expect(await storedFiles()).toEqual([]);
  }, 60_000);

  it("refuses more than 25 files in one request and stores none of them", async () => {
    const small = await png(8, 8);
    const files = Array.from({ length: 26 }, (_, i) => ({ name: `p${i}.png`, bytes: small }));
    const error = await refusal(receiveUploads(request(files), storage, userId, { maxImages: 100, maxVideos: 5 }));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Upload at most 25 files at a time.");
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a long text file named .jpg as soon as its first bytes are read", async () => {
    const text = Buffer.from("Dear host, this is a plain text letter and not a photograph at all. ".repeat(2000));
    const error = await refusal(receiveUploads(request([{ name: "letter.jpg", bytes: text }]), storage, userId, limits));
    expect(error.message).toBe(`"letter.jpg" is not a supported file. Upload JPEG, PNG, WebP, GIF or AVIF images, or MP4, WebM or MOV videos.`);
    expect(await storedFiles()).toEqual([]);
  });

  it("says a HEIC photo cannot be used (no HEVC decoder) rather than calling it damaged", async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.from([0, 0, 0, 0]), Buffer.from("mif1heic"), Buffer.alloc(4096, 3)]);
    const error = await refusal(receiveUploads(request([{ name: "IMG_4032.HEIC", bytes: heic, type: "image/heic" }]), storage, userId, limits));
    expect(error.status).toBe(400);
    expect(error.message).toBe('"IMG_4032.HEIC" is a HEIC photo, which cannot be used here. Upload it as a JPEG or PNG instead.');
    expect(await storedFiles()).toEqual([]);
  });

  it("is all or nothing: one bad file means nothing is stored", async () => {
    const error = await refusal(
      receiveUploads(request([{ name: "good.png", bytes: await png() }, { name: "bad.jpg", bytes: Buffer.from("nope") }]), storage, userId, limits),
    );
    expect(error.message).toContain("bad.jpg");
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses more images than the listing may still take", async () => {
    const small = await png(10, 10);
    const error = await refusal(
      receiveUploads(request([{ name: "1.png", bytes: small }, { name: "2.png", bytes: small }]), storage, userId, { maxImages: 1, maxVideos: 5 }),
    );
    expect(error.message).toBe("A listing can have at most 20 images; you can add 1 more.");
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a body cut off in the middle of a file, without an uncaught stream error", async () => {
    const whole = await png(20, 20);
    const head = Buffer.from('--cut\r\nContent-Disposition: form-data; name="files"; filename="half.png"\r\nContent-Type: image/png\r\n\r\n');
    const body = Buffer.concat([head, whole.subarray(0, 40)]);
    const cut = new Request("http://localhost/api/media/uploads", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=cut" } });
    const error = await refusal(receiveUploads(cut, storage, userId, limits));
    expect(error.status).toBe(400);
    // Let the parser's late 'error' events fire inside this test: an unhandled one fails the run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a request that is not multipart", async () => {
    const error = await refusal(receiveUploads(new Request("http://x", { method: "POST", body: "x" }), storage, userId, limits));
    expect(error.status).toBe(415);
  });
});

describe("storage", () => {
  it("local storage never overwrites and rejects keys outside the layout", async () => {
    const key = newMediaKey(userId, "webp");
    await storage.put(key, Buffer.from("one"), "image/webp");
    await expect(storage.put(key, Buffer.from("two"), "image/webp")).rejects.toBeInstanceOf(ObjectExistsError);
    expect(await fs.readFile(path.join(root, key), "utf8")).toBe("one");
    await expect(storage.put("../../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid media key/);
    expect(storage.keyFromUrl(`/media/${userId}/../../x.webp`)).toBeNull();
    expect(storage.keyFromUrl("https://elsewhere.test/x.webp")).toBeNull();
  });

  it("S3 storage signs requests, writes with If-None-Match and maps 412 to 'exists'", async () => {
    const calls: Request[] = [];
    let status = 200;
    const fakeFetch = (async (input: RequestInfo | URL) => {
      calls.push(input as Request);
      return new Response(null, { status });
    }) as typeof fetch;
    const s3 = s3Storage(
      { bucket: "media", region: "us-east-1", endpoint: "http://127.0.0.1:9000", accessKeyId: "AK", secretAccessKey: "SK", forcePathStyle: true, publicUrl: "https://cdn.test" },
      fakeFetch,
    );
    const key = newMediaKey(userId, "webp");
    const stored = await s3.put(key, Buffer.from("x"), "image/webp");
    expect(stored.url).toBe(`https://cdn.test/${key}`);
    expect(calls[0]!.url).toBe(`http://127.0.0.1:9000/media/${key}`);
    expect(calls[0]!.method).toBe("PUT");
    expect(calls[0]!.headers.get("if-none-match")).toBe("*");
    expect(calls[0]!.headers.get("authorization")).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\//);
    status = 412;
    await expect(s3.put(key, Buffer.from("y"), "image/webp")).rejects.toBeInstanceOf(ObjectExistsError);
    expect(s3.keyFromUrl(`https://cdn.test/${key}`)).toBe(key);
  });

  it("pages allow media from the CDN, else from the bucket, and from nowhere else with local storage", () => {
    const s3 = { MEDIA_STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" };
    expect(mediaOrigin(parseEnv({ ...s3, S3_PUBLIC_URL: "https://cdn.example/media/" }))).toBe("https://cdn.example");
    expect(mediaOrigin(parseEnv({ ...s3, S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "false" }))).toBe("https://media.s3.eu-west-1.amazonaws.com");
    expect(mediaOrigin(parseEnv({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000" }))).toBe("http://127.0.0.1:9000");
    expect(mediaOrigin(parseEnv({}))).toBeNull();
  });

  it("S3 storage sends a video from its file, signed, with its length, as one PUT", async () => {
    // A real HTTP server: the video goes through node's HTTP client, not fetch (ADR 0262).
    const received: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = received.length === 1 ? 200 : 412;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const s3 = s3Storage({ bucket: "media", region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, accessKeyId: "AK", secretAccessKey: "SK", forcePathStyle: true });
      const file = path.join(root, "clip.mp4");
      await fs.writeFile(file, videoFile("tour.mp4"));
      const key = newMediaKey(userId, "mp4");
      expect((await s3.putFile!(key, file, "video/mp4")).url).toBe(`http://127.0.0.1:${port}/media/${key}`);
      const [sent] = received;
      expect(sent).toMatchObject({ method: "PUT", url: `/media/${key}` });
      // S3 refuses chunked uploads without a length: the length is declared, the payload unsigned.
      expect(sent!.headers["content-length"]).toBe(String(videoFile("tour.mp4").length));
      expect(sent!.headers["transfer-encoding"]).toBeUndefined();
      expect(sent!.headers["x-amz-content-sha256"]).toBe("UNSIGNED-PAYLOAD");
      expect(sent!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\//);
      expect(sent!.headers["if-none-match"]).toBe("*");
      expect(sent!.body).toEqual(videoFile("tour.mp4"));
      // An existing key is never overwritten.
      await expect(s3.putFile!(key, file, "video/mp4")).rejects.toBeInstanceOf(ObjectExistsError);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
