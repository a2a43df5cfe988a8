import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createStoreData, type StoreData } from "./store-server";

/**
 * Data written by earlier releases (tests/fixtures/upgrade/<release>/<variant>/), made by
 * scripts/upgrade-fixtures/generate.sh: what the upgrade test starts today's store on.
 */
export const UPGRADE_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/upgrade");

/** A customer's 'Baixar meus dados' (LGPD export), as the release that wrote the fixture gave it. */
export interface PersonalDataExport {
  conta: { email: string; nome: string };
  perfil: Record<string, unknown> & { avatarUrl: string | null };
  enderecos: (Record<string, unknown> & { id: string })[];
  carrinho: { produtoId: number; quantidade: number }[];
  pedidos: (Record<string, unknown> & {
    id: string;
    status: string;
    paymentStatus: string;
    totalCents: number;
    itens: unknown[];
    /** The adjustments of its total (since migration 0032; absent from earlier releases' exports). */
    ajustes?: { kind: string; label: string; amountCents: number }[];
  })[];
}

/** What the generator made on the release's store: the upgrade test's expectations. */
export interface UpgradeManifest {
  /** The release's commit. */
  release: string;
  variant: "pglite" | "postgres";
  admin: { email: string; password: string; gatePassword: string };
  products: { id: number; name: string; priceCents: number }[];
  customers: {
    email: string;
    password: string;
    name: string;
    cpf?: string;
    cnpj?: string;
    website?: string;
    /** Whether the release's account page asked them to confirm their e-mail (releases with it). */
    askedToConfirmEmail?: boolean;
    export: PersonalDataExport;
  }[];
  /** Orders by the state the release left them in. */
  orders: {
    customer: string;
    orderId: string;
    state: "paid" | "pending" | "cancelled";
    /** How it was paid, when not by PIX (releases with a card provider). */
    payment?: "card";
    /** What the admin did after the payment (releases with shipping and refunds). */
    afterSale?: "shipped" | "refunded with restock";
  }[];
  /** Uploaded photos (the avatar, the product's sizes) and the sha256 of what the release served. */
  photos: { url: string; sha256: string }[];
}

/** Every fixture of the variant that the test run uses (PostgreSQL with TEST_DATABASE_URL). */
export function upgradeFixtures(): { release: string; directory: string }[] {
  const variant = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
  return readdirSync(UPGRADE_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ release: entry.name, directory: path.join(UPGRADE_FIXTURES, entry.name, variant) }))
    .sort((a, b) => a.release.localeCompare(b.release));
}

export async function readManifest(directory: string): Promise<UpgradeManifest> {
  return JSON.parse(await readFile(path.join(directory, "manifest.json"), "utf8")) as UpgradeManifest;
}

/**
 * The fixture's data as a started store's: its data directory unpacked into a new one and, on
 * PostgreSQL, its dump loaded into a new database (psql, as an operator restores a plain dump).
 */
export async function restoreFixture(directory: string): Promise<StoreData> {
  const data = await createStoreData();
  execFileSync("tar", ["-xJf", path.join(directory, "data-dir.tar.xz"), "-C", data.dataDir]);
  if (data.env.DATABASE_URL) {
    execFileSync(
      "psql",
      [
        "--quiet",
        "--no-psqlrc",
        "-v",
        "ON_ERROR_STOP=1",
        "-f",
        path.join(directory, "dump.sql"),
        data.env.DATABASE_URL,
      ],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
  }
  return data;
}
