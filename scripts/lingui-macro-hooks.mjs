// Node module hooks that compile Lingui's macros (`msg`, `t`, `plural` from
// @lingui/core/macro) in the app's sources when they run outside Vite: under tsx in
// scripts, seeds, benchmarks and the test suite's child processes (ADR 0294). Vite and
// Vitest compile them with scripts/vite-lingui-macro.ts; this is the same Babel plugin.
import { fileURLToPath } from "node:url";
import { transformAsync } from "@babel/core";

const MACRO = /@lingui\/(core|react)\/macro/;

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith("file:") || url.includes("/node_modules/") || result.source == null) return result;
  const source = result.source.toString();
  if (!MACRO.test(source)) return result;
  const filename = fileURLToPath(url);
  const compiled = await transformAsync(source, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: "inline",
    plugins: ["@lingui/babel-plugin-lingui-macro"],
  });
  return { ...result, source: compiled?.code ?? source };
}
