import type { TestProject } from "vitest/node";
import { STORE_ADMIN } from "../support/accounts";
import { STORE_LINKS } from "../support/store-links";
import { startFakeCepServer } from "../support/fake-cep-server";
import { startStoreServer } from "../support/store-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * One built store, on a fresh embedded database with the demo catalogue, for the browser suite;
 * its CEP lookups go to a fake ViaCEP on loopback, and its first admin (and the admin gate's password) is `STORE_ADMIN`.
 * Its Instagram and Mercado Livre pages are `STORE_LINKS`' (the other marketplaces have none).
 */
export default async function setup(project: TestProject) {
  const cepServer = await startFakeCepServer();
  const server = await startStoreServer({
    CEP_API_URL: cepServer.url,
    ADMIN_EMAIL: STORE_ADMIN.email,
    ADMIN_PASSWORD: STORE_ADMIN.password,
    ADMIN_PANEL_PASSWORD: STORE_ADMIN.gatePassword,
    INSTAGRAM_URL: STORE_LINKS.instagram,
    MERCADO_LIVRE_URL: STORE_LINKS.mercadoLivre,
  });
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
    await cepServer.stop();
  };
}
