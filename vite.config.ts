import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import type { ManualChunkMeta } from "rollup";
import type { apiLayer } from "./server/api";
import { linguiMacro } from "./scripts/vite-lingui-macro";

const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
/** The small shared kit the pages use: components of app/ui, browser helpers of app/lib. */
const KIT = /\/app\/(ui|lib)\/[^/]+\.tsx?$/;

/**
 * The client chunk that every page loads (ADR 0180): every module app/root.tsx reaches
 * through static imports (React Router, the shell, the header and footer), plus the
 * kit modules of app/ui and app/lib whose own imports are all in it already (so a kit
 * module never drags a library such as Radix's dialog into every page).
 */
function shellModules(meta: ManualChunkMeta): Set<string> {
  const shell = new Set<string>();
  const stack = [ROOT_ROUTE];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (shell.has(id)) continue;
    shell.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  const kit = [...meta.getModuleIds()].filter((id) => id.startsWith(APP_DIR) && KIT.test(id) && !id.includes(".server.") && !shell.has(id));
  for (let added = true; added; ) {
    added = false;
    for (const id of kit) {
      if (shell.has(id)) continue;
      if ((meta.getModuleInfo(id)?.importedIds ?? []).every((imported) => shell.has(imported))) {
        shell.add(id);
        added = true;
      }
    }
  }
  return shell;
}

let shell: Set<string> | undefined;

/**
 * `react-router dev`: the server's JSON API layer (server/api.ts, ADR 0201) answers its
 * endpoints in front of React Router, as server/app.ts mounts it for `npm start` and the
 * HTTP tests, so an endpoint has one request path everywhere. Loaded through Vite, so it
 * shares the app's modules (database, settings) and reloads with them.
 */
function apiLayerInDevelopment(): Plugin {
  return {
    name: "rentwell-api-layer",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        server
          .ssrLoadModule("/server/api.ts")
          .then((module) => (module.apiLayer as typeof apiLayer)()(req, res, next))
          .catch(next);
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" } }
    : {
        rollupOptions: {
          output: {
            manualChunks(id: string, meta: ManualChunkMeta) {
              // Each language's catalog of each area is its own chunk, named for them (bench/first-load-js.ts finds it by name).
              const catalog = /\/app\/locales\/([a-z]{2})\/([a-z]+)\.po/.exec(id);
              if (catalog) return `catalog-${catalog[1]}-${catalog[2]}`;
              shell ??= shellModules(meta);
              if (shell.has(id)) return "shell";
              return undefined;
            },
          },
        },
      },
  // Lingui (ADR 0293): its macros compiled first; each language's .po catalog compiled on import.
  plugins: [linguiMacro(), lingui(), tailwindcss(), apiLayerInDevelopment(), reactRouter()],
}));
