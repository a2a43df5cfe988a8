// negotiator 1.x ships no types, and @types/negotiator (0.6) lacks the `preferred` option.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The available encodings the client takes, its most weighted first; `preferred` breaks ties. */
    encodings(available: readonly string[], options?: { preferred: readonly string[] }): string[];
  }
}
