import type { Config } from "@react-router/dev/config";

/** The floor `npm run bench` compares the store with: React Router rendering an empty page. */
export default { ssr: true } satisfies Config;
