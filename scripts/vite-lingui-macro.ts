import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/**
 * Lingui's macros (`t`, `msg`, `plural`, `<Trans>`) compiled by
 * @lingui/babel-plugin-lingui-macro before React Router's and Vite's own transforms, in
 * the app's build and in Vitest alike (ADR 0293). Only modules that import a macro are
 * touched, so the rest of the build does not pay for a Babel pass.
 */
export function linguiMacro(): Plugin {
  return {
    name: "rentwell-lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      if (id.includes("/node_modules/") || !/\.[cm]?[jt]sx?$/.test(id.split("?")[0]!) || !/@lingui\/(core|react)\/macro/.test(code)) return null;
      const file = id.split("?")[0]!;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith("x") ? ["typescript", "jsx"] : ["typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
