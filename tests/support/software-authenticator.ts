import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey authenticator in software, for tests without a browser: an ES256 key, attestation
 * 'none', and the WebAuthn answers (registration and assertion) a browser would send, as JSON.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly userHandle = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private signCount = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** The answer to `navigator.credentials.create` with these options' challenge. */
  register(options: { challenge: string }) {
    const publicKey = this.keys.publicKey.export({ format: "jwk" });
    const cosePublicKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(publicKey.x!, "base64url")],
        [-3, Buffer.from(publicKey.y!, "base64url")],
      ]),
    );
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(this.credentialId.length);
    const authenticatorData = Buffer.concat([
      this.authenticatorDataHead(FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedCredential),
      Buffer.alloc(16), // AAGUID: none
      credentialLength,
      this.credentialId,
      cosePublicKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authenticatorData],
      ]),
    );
    return this.credential({
      clientDataJSON: this.clientData("webauthn.create", options.challenge).toString("base64url"),
      attestationObject: attestationObject.toString("base64url"),
      transports: ["internal"],
    });
  }

  /**
   * The answer to `navigator.credentials.get` with this challenge. `as` signs with another
   * authenticator's key while naming this credential; `userVerified: false` answers as a device
   * that only checked someone was present.
   */
  assert(challenge: string, { as = this, userVerified = true } = {}) {
    this.signCount += 1;
    const flags = FLAGS.userPresent | (userVerified ? FLAGS.userVerified : 0);
    const authenticatorData = this.authenticatorDataHead(flags);
    const clientDataJSON = this.clientData("webauthn.get", challenge);
    const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
    return this.credential({
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: sign("sha256", signed, as.privateKey).toString("base64url"),
      userHandle: this.userHandle.toString("base64url"),
    });
  }

  /** This credential as the browser's `PublicKeyCredential.toJSON()` gives it, around `response`. */
  private credential<Response>(response: Response) {
    return {
      id: this.credentialId.toString("base64url"),
      rawId: this.credentialId.toString("base64url"),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response,
    };
  }

  private get privateKey(): KeyObject {
    return this.keys.privateKey;
  }

  private authenticatorDataHead(flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    return Buffer.concat([createHash("sha256").update(this.rpId).digest(), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

/** Just enough CBOR (RFC 8949) for attestation objects: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === "number") {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const entries = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...entries]);
  }
  throw new Error(`CBOR: tipo não suportado (${typeof value})`);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}
