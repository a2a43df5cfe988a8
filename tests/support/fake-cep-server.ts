import http from "node:http";
import type { AddressInfo } from "node:net";

/** CEPs the fake answers, in ViaCEP's JSON. */
export const KNOWN_CEPS: Record<string, Record<string, string>> = {
  "01310100": {
    cep: "01310-100",
    logradouro: "Avenida Paulista",
    bairro: "Bela Vista",
    localidade: "São Paulo",
    uf: "SP",
  },
  "20040002": {
    cep: "20040-002",
    logradouro: "Rua da Assembleia",
    bairro: "Centro",
    localidade: "Rio de Janeiro",
    uf: "RJ",
  },
};
/** Answers after the lookup's timeout. */
export const SLOW_CEP = "99999001";
/** Answers 500. */
export const FAILING_CEP = "99999002";

/** A ViaCEP stand-in on loopback (`/{cep}/json/`), counting the requests it gets. */
export async function startFakeCepServer() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const cep = /^\/(\d{8})\/json\/$/.exec(req.url ?? "")?.[1];
    requests.push(cep ?? req.url ?? "");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (!cep) return reply(400, { erro: true });
    if (cep === FAILING_CEP) return reply(500, { message: "falhou" });
    if (cep === SLOW_CEP) {
      setTimeout(() => reply(200, KNOWN_CEPS["01310100"]), 5_000).unref();
      return;
    }
    reply(200, KNOWN_CEPS[cep] ?? { erro: "true" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
