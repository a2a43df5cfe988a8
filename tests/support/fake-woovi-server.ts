import { generateKeyPairSync, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildBrCode } from "../../app/domain/payments/br-code";

type Status = "ACTIVE" | "COMPLETED" | "EXPIRED";

interface FakeCharge {
  correlationID: string;
  value: number;
  status: Status;
  brCode: string;
  expiresDate: string;
}

/** A creation whose answer waits: `reached` once the request came, answered after `release`. */
interface HeldCreation {
  reached: () => void;
  released: Promise<void>;
}

export interface WooviRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A Woovi (OpenPix) stand-in on loopback: creates, reports and deletes charges in memory, lets a
 * test pay, expire or fail them, and signs webhooks with its own key as Woovi does.
 *
 * Assumed where Woovi's documentation says no more than "Delete a charge" (`DELETE
 * /api/v1/charge/{id}`, 200 "The charge deleted", 400 "An error message"): a deleted charge can
 * no longer be paid and is still shown, with the status `EXPIRED` (Woovi's statuses are ACTIVE,
 * COMPLETED and EXPIRED); deleting it again answers 200; a paid charge cannot be deleted (400).
 */
export async function startFakeWooviServer(options: { appId: string }) {
  const charges = new Map<string, FakeCharge>();
  const deleted = new Set<string>();
  const requests: WooviRequest[] = [];
  const failures: number[] = [];
  const held: HeldCreation[] = [];
  const releases: (() => void)[] = [];
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const text = await readBody(req);
    const path = req.url ?? "";
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      body: parseJson(text),
    });

    const failure = failures.shift();
    if (failure !== undefined) return reply(failure, { error: "falha simulada" });
    if (req.headers.authorization !== options.appId) return reply(401, { error: "appID inválido" });

    if (req.method === "POST" && path === "/api/v1/charge") {
      const input = parseJson(text) as
        { correlationID?: unknown; value?: unknown; expiresIn?: unknown } | undefined;
      if (typeof input?.correlationID !== "string" || !Number.isInteger(input.value)) {
        return reply(400, { error: "correlationID e value são obrigatórios" });
      }
      if (charges.has(input.correlationID)) return reply(400, { error: "correlationID já usado" });
      const value = input.value as number;
      const expiresIn = typeof input.expiresIn === "number" ? input.expiresIn : 86_400;
      const charge: FakeCharge = {
        correlationID: input.correlationID,
        value,
        status: "ACTIVE",
        brCode: buildBrCode({
          pixKey: "pix@woovi.test",
          merchantName: "Woovi Fake",
          merchantCity: "Sao Paulo",
          amountCents: value,
          txid: input.correlationID,
          oneTime: true,
        }),
        expiresDate: new Date(Date.now() + expiresIn * 1000).toISOString(),
      };
      charges.set(charge.correlationID, charge);
      const hold = held.shift();
      if (hold) {
        hold.reached();
        await hold.released;
      }
      return reply(200, {
        charge: publicView(charge),
        correlationID: charge.correlationID,
        brCode: charge.brCode,
      });
    }

    const id = /^\/api\/v1\/charge\/([^/?]+)$/.exec(path)?.[1];
    const charge = id ? charges.get(decodeURIComponent(id)) : undefined;
    if ((req.method === "GET" || req.method === "DELETE") && id && !charge) {
      return reply(404, { error: "cobrança não encontrada" });
    }
    if (req.method === "GET" && charge) return reply(200, { charge: publicView(charge) });
    if (req.method === "DELETE" && charge) {
      if (charge.status === "COMPLETED") return reply(400, { error: "cobrança já paga" });
      deleted.add(charge.correlationID);
      charge.status = "EXPIRED";
      return reply(200, { status: "OK", id: charge.correlationID });
    }
    reply(404, { error: "rota desconhecida" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const setStatus = (correlationID: string, status: Status) => {
    const charge = charges.get(correlationID);
    if (!charge) throw new Error(`Cobrança desconhecida no Woovi falso: ${correlationID}`);
    charge.status = status;
  };

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The requests that asked to create a charge for this correlation id (an order's id). */
    creationRequestsOf: (correlationID: string) =>
      requests.filter(
        (request) =>
          request.method === "POST" &&
          (request.body as { correlationID?: string } | undefined)?.correlationID === correlationID,
      ),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    /** From now on the charge's `value` is reported as this (e.g. a payment of another amount). */
    reportValue(correlationID: string, value: number) {
      const charge = charges.get(correlationID);
      if (!charge) throw new Error(`Cobrança desconhecida no Woovi falso: ${correlationID}`);
      charge.value = value;
    },
    /** The customer pays the charge: false when it was deleted, as a bank refuses it then. */
    complete(correlationID: string): boolean {
      if (deleted.has(correlationID)) return false;
      setStatus(correlationID, "COMPLETED");
      return true;
    },
    /** Whether the store deleted the charge. */
    isDeleted: (correlationID: string) => deleted.has(correlationID),
    /** The charges created for this correlation id (Woovi keeps one per id). */
    chargeOf: (correlationID: string) => charges.get(correlationID),
    /**
     * The next charge is created, and its answer waits until `release`: as if the store's process
     * died before Woovi's answer reached it. `reached` resolves once the request has arrived.
     */
    holdNextCreation() {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.push({ reached, released });
      releases.push(release);
      return { reached: arrived, release };
    },
    expire: (correlationID: string) => setStatus(correlationID, "EXPIRED"),
    /** The next request, whatever it is, is answered with this HTTP status. */
    failNext: (status: number) => failures.push(status),
    /** A webhook body and its `x-webhook-signature`, as Woovi would post them. */
    signedWebhook(event: string, correlationID: string) {
      const charge = charges.get(correlationID);
      const status = event === "OPENPIX:CHARGE_EXPIRED" ? "EXPIRED" : "COMPLETED";
      const value = charge?.value ?? 0;
      const body = JSON.stringify({
        event,
        charge: { correlationID, status, value },
        pix: { value, time: new Date().toISOString(), endToEndId: `E${correlationID.slice(0, 31)}` },
      });
      return { body, signature: sign("sha256", Buffer.from(body), privateKey).toString("base64") };
    },
    stop: () => {
      for (const release of releases) release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWooviServer = Awaited<ReturnType<typeof startFakeWooviServer>>;

/** A charge as Woovi's API shows it, with the image URL the store must not use. */
function publicView(charge: FakeCharge) {
  return {
    ...charge,
    globalID: Buffer.from(`Charge:${charge.correlationID}`).toString("base64"),
    qrCodeImage: `https://api.woovi.test/openpix/charge/brcode/image/${charge.correlationID}.png`,
    createdAt: new Date().toISOString(),
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
