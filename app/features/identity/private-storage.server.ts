import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/lib/env.server";

/**
 * Private files (ADR 0251): identity photos live under DATA_DIR/identity, beside — never
 * inside — DATA_DIR/media, the folder the server publishes at /media (server/app.ts). Keys
 * are `{user id}/{random}.webp`; nothing serves them but the authorised route
 * /identity/files/{upload id}.
 */
export type PrivateStorage = {
  put(key: string, body: Buffer): Promise<void>;
  /** The file, or null when it is gone. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.webp$/;

export function newPrivateKey(userId: string) {
  return `${userId}/${crypto.randomBytes(16).toString("base64url")}.webp`;
}

export function localPrivateStorage(root: string): PrivateStorage {
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid private key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // wx: never overwrite; 0600: readable by the server's user only.
      await fs.writeFile(file, body, { flag: "wx", mode: 0o600 });
    },
    async read(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

let current: PrivateStorage | undefined;

export function privateStorage(): PrivateStorage {
  current ??= localPrivateStorage(path.join(env().dataDir, "identity"));
  return current;
}

/** For tests. */
export function setPrivateStorage(storage: PrivateStorage | undefined) {
  current = storage;
}
