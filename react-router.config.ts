import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // scripts/build.js builds beside the build being served, then swaps it in.
  buildDirectory: process.env.VITRINE_BUILD_DIRECTORY ?? "build",
} satisfies Config;
