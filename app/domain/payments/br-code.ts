/**
 * The PIX "copy and paste" code (BR Code): an EMV QR Code Merchant-Presented payload as the
 * Banco Central's manual describes it. Each field is an id, a two-digit length and a value.
 */

export interface BrCodeInput {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted: the payer types the amount. */
  amountCents?: number;
  /** Letters and digits only, at most 25 (others are dropped); empty becomes `***`. */
  txid: string;
  description?: string;
  /** Marks the code as valid for a single payment (field 01 = 12), as each order's code is. */
  oneTime?: boolean;
}

/** A parsed BR Code: field id → value, or the sub-fields of a template (26, 62). */
export interface BrCodeFields {
  [id: string]: string | BrCodeFields;
}

const GUI_PIX = "br.gov.bcb.pix";
const TEMPLATE_IDS = new Set(["26", "62"]);
const MAX_MERCHANT_NAME = 25;
const MAX_MERCHANT_CITY = 15;
const MAX_TXID = 25;
const MAX_VALUE_LENGTH = 99;
/** Field 54 (the amount) holds at most 13 characters: up to R$ 9.999.999.999,99. */
const MAX_AMOUNT_LENGTH = 13;
const CRC_FIELD_PREFIX = "6304";

export function buildBrCode(input: BrCodeInput): string {
  const account = [
    field("00", GUI_PIX),
    field("01", input.pixKey),
    input.description ? field("02", plainText(input.description)) : "",
  ].join("");
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, MAX_TXID) || "***";
  const payload = [
    field("00", "01"),
    input.oneTime ? field("01", "12") : "",
    field("26", account),
    field("52", "0000"),
    field("53", "986"),
    input.amountCents === undefined ? "" : field("54", formatAmount(input.amountCents)),
    field("58", "BR"),
    field("59", plainText(input.merchantName).slice(0, MAX_MERCHANT_NAME)),
    // Cities in capitals, as the Banco Central's examples write them.
    field("60", plainText(input.merchantCity).toUpperCase().slice(0, MAX_MERCHANT_CITY)),
    field("62", field("05", txid)),
  ].join("");
  const withCrcId = payload + CRC_FIELD_PREFIX;
  return withCrcId + crc16(withCrcId);
}

/** Reads a BR Code into its fields; throws when a length or the CRC does not add up. */
export function parseBrCode(code: string): BrCodeFields {
  const crcAt = code.length - 8;
  if (crcAt < 0 || code.slice(crcAt, crcAt + 4) !== CRC_FIELD_PREFIX) {
    throw new Error("BR Code inválido: não termina com o campo 63 (CRC)");
  }
  const expected = crc16(code.slice(0, crcAt + 4));
  if (code.slice(crcAt + 4).toUpperCase() !== expected) {
    throw new Error(`BR Code inválido: CRC ${code.slice(crcAt + 4)} não confere (esperado ${expected})`);
  }
  const fields = parseFields(code, "");
  if (fields["63"] === undefined) throw new Error("BR Code inválido: o campo 63 (CRC) não é o último");
  return fields;
}

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

function field(id: string, value: string): string {
  if (value.length > MAX_VALUE_LENGTH) {
    throw new Error(`BR Code: o campo ${id} tem ${value.length} caracteres (máximo ${MAX_VALUE_LENGTH})`);
  }
  return id + String(value.length).padStart(2, "0") + value;
}

function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new Error(`BR Code: valor inválido (${cents} centavos)`);
  }
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  if (amount.length > MAX_AMOUNT_LENGTH) {
    throw new Error(
      `BR Code: valor grande demais (${cents} centavos; máximo ${MAX_AMOUNT_LENGTH} caracteres)`,
    );
  }
  return amount;
}

/** Readers expect plain ASCII: accents are dropped (º becomes o), anything else removed. */
function plainText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim();
}

function parseFields(text: string, parent: string): BrCodeFields {
  const fields: BrCodeFields = {};
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    const path = parent ? `${parent}.${id}` : id;
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new Error(`BR Code inválido: campo malformado na posição ${at}`);
    }
    const value = text.slice(at + 4, at + 4 + Number(lengthText));
    if (value.length !== Number(lengthText)) {
      throw new Error(
        `BR Code inválido: o campo ${path} declara ${lengthText} caracteres e tem ${value.length}`,
      );
    }
    fields[id] = !parent && TEMPLATE_IDS.has(id) ? parseFields(value, id) : value;
    at += 4 + value.length;
  }
  return fields;
}
