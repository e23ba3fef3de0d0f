import { z } from "zod";

/**
 * zod for code that runs in the browser. zod 4 compiles validators with
 * `new Function` unless told not to, which our Content Security Policy forbids
 * (no 'unsafe-eval'), so every browser-side import of zod goes through here.
 */
z.config({ jitless: true });

export { z };
