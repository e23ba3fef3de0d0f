/**
 * A real server process without a build: the server's one entry (server/main.ts `start`:
 * settings → database → live transport → listening → jobs → shutdown on SIGTERM), its
 * modules loaded through Vite as `react-router dev` loads them. Started by
 * startServer(env, { source: true }) (tests/setup/server-process.ts). Like server/index.js,
 * a bad setting ends it with the settings' message and exit code 1.
 *
 *   node --import tsx --import ./scripts/lingui-register.mjs tests/setup/app-process-child.ts
 */
import path from "node:path";
import { createServer } from "vite";
import { isRouteTypegenRace } from "./typegen-race";

// Servers starting at once race on React Router's route types (tests/setup/typegen-race.ts).
process.on("unhandledRejection", (error) => {
  if (isRouteTypegenRace(error)) return;
  throw error;
});

const vite = await createServer({
  configFile: path.resolve("vite.config.ts"),
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
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
