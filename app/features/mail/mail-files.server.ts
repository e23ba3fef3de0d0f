import fs from "node:fs/promises";
import path from "node:path";
import { mailDirectory, type MailFileSummary } from "./transport.server";

/** The .eml files the file transport wrote, newest first (for /dev/mail; ADR 0170). */
export async function listMailFiles(directory = mailDirectory(), limit = 200): Promise<MailFileSummary[]> {
  const names = await fs.readdir(directory).catch(() => [] as string[]);
  const summaries = names.filter((name) => name.endsWith(".json")).sort().reverse().slice(0, limit);
  const read = await Promise.all(
    summaries.map(async (name) => {
      try {
        return JSON.parse(await fs.readFile(path.join(directory, name), "utf8")) as MailFileSummary;
      } catch {
        return null;
      }
    }),
  );
  return read.filter((summary): summary is MailFileSummary => summary !== null);
}

const FILE_NAME = /^[A-Za-z0-9-]{1,120}\.eml$/;

/** One .eml file's bytes, or null (names outside the mail folder are never read). */
export async function readMailFile(name: string, directory = mailDirectory()): Promise<Buffer | null> {
  if (!FILE_NAME.test(name)) return null;
  return fs.readFile(path.join(directory, name)).catch(() => null);
}
