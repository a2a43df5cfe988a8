/**
 * `redirectTo` values that start like a path of the store's but resolve to `//evil.com` (another
 * host) once a URL parser removes their dot segments and turns `\` into `/` (issue 23).
 */
export const NORMALISED_ESCAPES = [
  "/.//evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/a/..//evil.com",
  "/./\\evil.com",
  "/.%2e//evil.com",
  "/.//\\evil.com",
];
