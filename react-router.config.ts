import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest comes with the page's scripts (3 KB compressed): with the default
  // lazy discovery, a hydrated page asked the server for the routes of every link it shows and,
  // once they arrived, rendered itself again whole, in one long task (decision 0011).
  routeDiscovery: { mode: "initial" },
  // scripts/build.js builds beside the build being served, then swaps it in.
  buildDirectory: process.env.VITRINE_BUILD_DIRECTORY ?? "build",
} satisfies Config;
