import http from "node:http";
import type { AddressInfo } from "node:net";
import { trustOriginForTests } from "../../app/domain/images/public-fetch.server";

export type TrustedSite = Awaited<ReturnType<typeof startTrustedSite>>;

/**
 * Another site on the internet, played by a loopback server whose origin the store's public-only
 * fetch trusts (`trustOriginForTests`) until `stop`: where the admin's image URLs point.
 */
export async function startTrustedSite(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const distrust = trustOriginForTests(url);
  return {
    url,
    stop() {
      distrust();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
