// Node entry for the built app: `node server/index.js` (what `npm start` runs).
// The server itself is TypeScript (server/main.ts, its one entry), bundled into build/server.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Fast by default (docs/decisions/0090-build-mode-and-app-env.md): with no NODE_ENV,
// React runs its optimised production build while the configuration stays the
// zero-setting local demo (APP_ENV=local). An operator who sets NODE_ENV=production
// or APP_ENV=production gets the production configuration and its required settings.
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = "production";
  process.env.APP_ENV ||= "local";
}

const BUILD = new URL("../build/server/index.js", import.meta.url);

if (!existsSync(BUILD)) {
  console.error("The app is not built yet: run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}

try {
  const { serve } = await import(BUILD.href);
  await serve(fileURLToPath(import.meta.url));
} catch (error) {
  if (error && error.name === "ConfigError") {
    console.error(error.message);
  } else {
    console.error("Rentwell could not start:", error);
  }
  process.exit(1);
}
