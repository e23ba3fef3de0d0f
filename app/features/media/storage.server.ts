import { AwsClient } from "aws4fetch";
import crypto from "node:crypto";
import { constants as fsConstants, createReadStream } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { env } from "~/lib/env.server";

/**
 * Where uploaded media live (docs/product.md#media, listing uploads): keys `{user id}/{random}.{ext}`,
 * never overwritten. Local disk under DATA_DIR/media by default (served by
 * server/app.ts at /media), or an S3-compatible bucket when MEDIA_STORAGE=s3.
 */
export type StoredObject = { key: string; url: string };

export type MediaStorage = {
  readonly kind: "local" | "s3";
  /** Stores `body` at `key`; throws ObjectExistsError when something is already there. */
  put(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** Stores the file at `file` (a large upload, without reading it into memory), when the storage can. */
  putFile?(key: string, file: string, contentType: string): Promise<StoredObject>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  urlFor(key: string): string;
  /** The key of one of our URLs, or null for anything else (other hosts, path tricks). */
  keyFromUrl(url: string): string | null;
  /** Keys under `{prefix}/` last modified before `olderThan` (local storage only; S3 uses lifecycle rules). */
  listOlderThan?(olderThan: Date): Promise<string[]>;
};

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`A file already exists at ${key}`);
    this.name = "ObjectExistsError";
  }
}

const KEY_PATTERN = /^[0-9a-f-]{36}\/[A-Za-z0-9_-]{16,64}(?:\.card)?\.[a-z0-9]{2,5}$/;

export function isValidKey(key: string) {
  return KEY_PATTERN.test(key);
}

/** `{user id}/{random}.{ext}`: 128 random bits, URL-safe. */
export function newMediaKey(userId: string, ext: string) {
  return `${userId}/${crypto.randomBytes(16).toString("base64url")}.${ext}`;
}

/** The card-size sibling of an image key: `{user}/{random}.webp` → `{user}/{random}.card.webp`. */
export function cardKeyFor(key: string) {
  return key.replace(/\.([a-z0-9]+)$/, ".card.$1");
}

export function cardUrlFor(url: string) {
  return url.replace(/\.webp$/, ".card.webp");
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid media key: ${key}`);
}

const PARTIAL_SUFFIX = ".partial";

export function localStorage(root: string, publicPrefix = "/media"): MediaStorage {
  const fileFor = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target under a dot-name (never served), then linked into
      // place: a crash mid-write leaves no half file under a media key.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString("hex")}${PARTIAL_SUFFIX}`);
      try {
        await fs.writeFile(partial, body, { flag: "wx" });
        // link(): create, fail if the file exists — never overwrite.
        await fs.link(partial, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(key);
        throw error;
      } finally {
        await fs.rm(partial, { force: true });
      }
      return { key, url: `${publicPrefix}/${key}` };
    },
    async putFile(key, source) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.copyFile(source, file, fsConstants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(key);
        throw error;
      }
      return { key, url: `${publicPrefix}/${key}` };
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.access(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },
    urlFor: (key) => `${publicPrefix}/${key}`,
    keyFromUrl(url) {
      if (!url.startsWith(`${publicPrefix}/`)) return null;
      const key = url.slice(publicPrefix.length + 1);
      return isValidKey(key) ? key : null;
    },
    async listOlderThan(olderThan) {
      const keys: string[] = [];
      let owners: string[];
      try {
        owners = await fs.readdir(root);
      } catch {
        return keys;
      }
      for (const owner of owners) {
        let names: string[];
        try {
          names = await fs.readdir(path.join(root, owner));
        } catch {
          continue;
        }
        for (const name of names) {
          const key = `${owner}/${name}`;
          const stat = await fs.stat(path.join(root, owner, name)).catch(() => null);
          if (!stat || stat.mtime >= olderThan) continue;
          // A write that a crash interrupted: no key, nothing refers to it.
          if (name.startsWith(".") && name.endsWith(PARTIAL_SUFFIX)) await fs.rm(path.join(root, owner, name), { force: true });
          else if (isValidKey(key)) keys.push(key);
        }
      }
      return keys;
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
  forcePathStyle: boolean;
};

/** The bucket's own address: `{endpoint}/{bucket}` (path style) or `{bucket}.{endpoint host}`. */
function s3BucketBase(settings: Pick<S3Settings, "bucket" | "region" | "endpoint" | "forcePathStyle">): string {
  const endpoint = (settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`).replace(/\/$/, "");
  return settings.forcePathStyle ? `${endpoint}/${settings.bucket}` : endpoint.replace("://", `://${settings.bucket}.`);
}

/** Where browsers load stored media from: S3_PUBLIC_URL (a CDN) or the bucket itself. */
function s3PublicBase(settings: Pick<S3Settings, "bucket" | "region" | "endpoint" | "forcePathStyle" | "publicUrl">): string {
  return (settings.publicUrl ?? s3BucketBase(settings)).replace(/\/$/, "");
}

export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): MediaStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
  });
  const bucketBase = s3BucketBase(settings);
  const publicBase = s3PublicBase(settings);
  const objectUrl = (key: string) => {
    assertKey(key);
    return `${bucketBase}/${key}`;
  };
  const send = async (url: string, init: RequestInit) => {
    const signed = await client.sign(url, init);
    return fetchImpl(signed);
  };
  const putHeaders = (size: number, contentType: string) => ({
    "Content-Type": contentType,
    "Content-Length": String(size),
    "Cache-Control": "public, max-age=31536000, immutable",
    // Conditional write: S3 answers 412 when the key exists — no overwrite.
    "If-None-Match": "*",
  });
  const putResult = (key: string, status: number) => {
    if (status === 412 || status === 409) throw new ObjectExistsError(key);
    if (status < 200 || status > 299) throw new Error(`Storage upload failed (${status})`);
    return { key, url: `${publicBase}/${key}` };
  };
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const response = await send(objectUrl(key), { method: "PUT", body: new Uint8Array(body), headers: putHeaders(body.byteLength, contentType) });
      return putResult(key, response.status);
    },
    // A video goes up as it is read from its temporary file: one PUT with its length (S3
    // takes up to 5 GB so; a video is at most 100 MB), signed for an unsigned payload and
    // sent by node's HTTP client, which reads the file only as fast as the socket drains.
    // fetch() read the whole body ahead on a new connection to a slower receiver (91 MB of
    // a 90 MB file in memory; ADR 0262).
    async putFile(key, file, contentType) {
      const { size } = await fs.stat(file);
      const signed = await client.sign(objectUrl(key), { method: "PUT", headers: putHeaders(size, contentType) });
      return putResult(key, await putFromFile(signed, file));
    },
    async delete(key) {
      const response = await send(objectUrl(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw new Error(`Storage delete failed (${response.status})`);
    },
    async exists(key) {
      const response = await send(objectUrl(key), { method: "HEAD" });
      return response.ok;
    },
    urlFor: (key) => `${publicBase}/${key}`,
    keyFromUrl(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const key = url.slice(publicBase.length + 1);
      return isValidKey(key) ? key : null;
    },
  };
}

/** Sends `file` as the body of the signed request; resolves with the answer's status. */
function putFromFile(signed: Request, file: string): Promise<number> {
  const url = new URL(signed.url);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method: signed.method, headers: Object.fromEntries(signed.headers) }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    pipeline(createReadStream(file), request).catch(reject);
  });
}

/**
 * The origin pages must allow images and videos from (Content-Security-Policy `img-src`,
 * `media-src`) when media live in a bucket or behind a CDN; null for local storage, which
 * is served from the site itself.
 */
export function mediaOrigin(settings: ReturnType<typeof env> = env()): string | null {
  if (settings.MEDIA_STORAGE !== "s3" || !settings.S3_BUCKET) return null;
  const base = s3PublicBase({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    publicUrl: settings.S3_PUBLIC_URL,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  });
  return new URL(base).origin;
}

let current: MediaStorage | undefined;

/** The process's storage, from the settings. */
export function mediaStorage(): MediaStorage {
  if (current) return current;
  const settings = env();
  if (settings.MEDIA_STORAGE === "s3") {
    if (!settings.S3_BUCKET || !settings.S3_ACCESS_KEY_ID || !settings.S3_SECRET_ACCESS_KEY) {
      throw new Error("MEDIA_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    }
    current = s3Storage({
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      publicUrl: settings.S3_PUBLIC_URL,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    });
  } else {
    current = localStorage(path.join(settings.dataDir, "media"));
  }
  return current;
}

/** For tests. */
export function setMediaStorage(storage: MediaStorage | undefined) {
  current = storage;
}
