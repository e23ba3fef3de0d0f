// `npm start`: build when the sources are newer than the build, then serve.
// The server migrates the database and, on the first start of an empty embedded
// database, loads the demo data.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtServer = path.join(root, "build/server/index.js");
const SOURCES = ["app", "server", "public", "drizzle", "seed", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtServer) ? fs.statSync(builtServer).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(path.join(root, name))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "First start: building the app…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../server/index.js");
