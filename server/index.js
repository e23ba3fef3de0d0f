// Node entry for the built app: `node server/index.js` (what `npm start` runs).
// The server itself is TypeScript (server/app.ts), bundled into build/server.
import { existsSync } from "node:fs";

const BUILD = new URL("../build/server/index.js", import.meta.url);

if (!existsSync(BUILD)) {
  console.error("The app is not built yet: run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}

try {
  const { start } = await import(BUILD.href);
  await start();
} catch (error) {
  if (error && error.name === "ConfigError") {
    console.error(error.message);
  } else {
    console.error("Rentwell could not start:", error);
  }
  process.exit(1);
}
