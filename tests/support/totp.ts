import { createHmac } from "node:crypto";

/**
 * The code to confirm an enrolment with: the current step. The server accepts one step either
 * side of now, so it still passes when a step boundary falls between typing it and checking it.
 */
export function enrolmentCode(base32Secret: string): string {
  return totpCode(base32Secret);
}

/**
 * The code to sign in with after an enrolment: the next step, also within the server's window,
 * and never the enrolment's code, which the server refuses to take twice.
 */
export function signInCode(base32Secret: string): string {
  return totpCode(base32Secret, Date.now(), 1);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totpCode(base32Secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, "0");
}

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const character of input.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(character).toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}
