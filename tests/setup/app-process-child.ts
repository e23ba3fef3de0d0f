/**
 * A real server process without a build: the server's one entry (server/main.ts `start`:
 * settings → database → live transport → listening → jobs → shutdown on SIGTERM), its
 * modules loaded through Vite as `react-router dev` loads them. Started by
 * startServer(env, { source: true }) (tests/setup/server-process.ts). Like server/index.js,
 * a bad setting ends it with the settings' message and exit code 1.
 *
 *   node --import tsx tests/setup/app-process-child.ts
 */
import path from "node:path";
import { createServer } from "vite";

// React Router's Vite plugin rewrites the route types (.react-router/types) whenever a dev
// server starts, and servers starting at once (this test's two, other test files') race on
// that folder: one's write can find it just removed by another. The types are for the
// editor and tsc, not for serving, so such a failure is let go; any other ends the process.
process.on("unhandledRejection", (error) => {
  const file = (error as NodeJS.ErrnoException | undefined)?.path ?? "";
  if (file.includes(`${path.sep}.react-router${path.sep}types${path.sep}`)) return;
  throw error;
});

const vite = await createServer({
  configFile: path.resolve("vite.config.ts"),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "error",
});
try {
  const { start } = (await vite.ssrLoadModule("/server/main.ts")) as { start(): Promise<unknown> };
  await start();
} catch (error) {
  process.stderr.write(`${error instanceof Error && error.name === "ConfigError" ? error.message : `Rentwell could not start: ${String(error)}`}\n`);
  process.exit(1);
}
