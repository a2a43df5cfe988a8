import type { TestProject } from "vitest/node";
import { STORE_ADMIN } from "../support/accounts";
import { STORE_LINKS } from "../support/store-links";
import { startFakeCepServer } from "../support/fake-cep-server";
import { makeDatabaseTemplates } from "../support/database-templates";
import { startStoreFrom } from "../support/store-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The suite's stores, one per worker (`suiteStoreURL` picks a file's). */
    storeURLs: string[];
  }
}

/**
 * The run's data templates (tests/support/database-templates.ts), and the browser suite's built
 * stores, one per worker, each on a copy of the demo catalogue's; their CEP lookups go to a fake ViaCEP on loopback, and their first admin (and
 * the admin gate's password) is `STORE_ADMIN`. Their Instagram and Mercado Livre pages are
 * `STORE_LINKS`' (the other marketplaces have none).
 */
export default async function setup(project: TestProject) {
  const { templates, remove } = await makeDatabaseTemplates(process.env.TEST_DATABASE_URL);
  project.provide("databaseTemplates", templates);
  const cepServer = await startFakeCepServer();
  const env = {
    CEP_API_URL: cepServer.url,
    ADMIN_EMAIL: STORE_ADMIN.email,
    ADMIN_PASSWORD: STORE_ADMIN.password,
    ADMIN_PANEL_PASSWORD: STORE_ADMIN.gatePassword,
    INSTAGRAM_URL: STORE_LINKS.instagram,
    MERCADO_LIVRE_URL: STORE_LINKS.mercadoLivre,
  };
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () => startStoreFrom("catalogue", env, templates)),
  );
  project.provide(
    "storeURLs",
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await cepServer.stop();
    await remove();
  };
}
