import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type S3Server = {
  /** http://127.0.0.1:port */
  origin: string;
  /** The bucket's address, path style. */
  bucketUrl: string;
  /** The app's settings for this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * s3rver (an S3-compatible server from npm) with one bucket, in a process of its own: it
 * keeps a whole object in memory while it receives it, so run in the test's process it
 * would hide whether the app streams an upload (tests/integration/s3-media-http.int.test.ts
 * measures that), and it would take the test's CPU.
 */
export async function startS3Server(bucket = "media"): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "rentwell-s3-"));
  const script = `
    import S3rver from "s3rver";
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(bucket)}, configs: [] }] });
    const { port } = await server.run();
    process.stdout.write(JSON.stringify({ port }) + "\\n");
    process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve((JSON.parse(out) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    bucketUrl: `${origin}/${bucket}`,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: origin,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
