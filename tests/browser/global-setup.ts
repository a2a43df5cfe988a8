import type { TestProject } from "vitest/node";
import { startStoreServer } from "../support/store-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One built store, on a fresh embedded database with the demo catalogue, for the browser suite. */
export default async function setup(project: TestProject) {
  const server = await startStoreServer();
  project.provide("baseURL", server.url);
  return () => server.stop();
}
