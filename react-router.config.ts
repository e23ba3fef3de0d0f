import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Route middleware (root.tsx: session refresh and the Origin check).
  future: { v8_middleware: true },
} satisfies Config;
