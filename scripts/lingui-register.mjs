// `node --import tsx --import ./scripts/lingui-register.mjs file.ts` (or `tsx --import …`):
// the app's sources with Lingui's macros compiled (scripts/lingui-macro-hooks.mjs).
// Registered after tsx, so it sees tsx's JavaScript output.
import { register } from "node:module";

register("./lingui-macro-hooks.mjs", import.meta.url);
