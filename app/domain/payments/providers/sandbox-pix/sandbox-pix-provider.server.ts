import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Env } from "../../../../config/env.server";
import { preparedPerDatabase, type Database } from "../../../../db/client.server";
import { sandboxPixCharges } from "../../../../db/schema.server";
import type { SettingsVariables } from "../../../store-settings/default-settings";
import { storefrontSettings } from "../../../store-settings/store-settings.server";
import { buildBrCode } from "../../br-code";
import type { PixProvider } from "../../pix-provider";
import { qrCodePngBase64 } from "../../qr-code.server";
import type { ProviderSetting } from "../provider-setting.server";
import { sandboxRefundsOf } from "../sandbox-refunds.server";

type SandboxEnv = Pick<Env, "PIX_KEY" | "PIX_MERCHANT_NAME" | "PIX_MERCHANT_CITY" | "PIX_EXPIRES_MINUTES"> &
  SettingsVariables;

/** The sandbox as `PIX_PROVIDER=sandbox` configures it. */
export const sandboxPixProviderOf = ({ db, env }: ProviderSetting) => createSandboxPixProvider({ db, env });

/**
 * A PIX provider without a bank: real BR Codes for the store's own key, charges kept in
 * `sandbox_pix_charges`, paid only through `simulateSandboxPayment`, refunds kept in
 * `sandbox_refunds`.
 */
export function createSandboxPixProvider(options: {
  db: Database;
  env: SandboxEnv;
  now?: () => Date;
}): PixProvider {
  const { db, env } = options;
  const now = options.now ?? (() => new Date());
  return {
    name: "sandbox",
    method: "pix",
    remote: false,
    async createCharge(request) {
      // A txid allows only letters and digits, at most 25 of them.
      const chargeId = randomUUID().replaceAll("-", "").slice(0, 25);
      const brCode = buildBrCode({
        pixKey: env.PIX_KEY,
        ...(await merchantOf(db, env)),
        amountCents: request.amountCents,
        txid: chargeId,
        oneTime: true,
      });
      const expiresAt = new Date(now().getTime() + env.PIX_EXPIRES_MINUTES * 60_000);
      const qrCodeBase64 = qrCodePngBase64(brCode);
      await insertChargeQuery(db).execute({ chargeId, amountCents: request.amountCents, expiresAt });
      return { chargeId, brCode, qrCodeBase64, expiresAt };
    },
    async chargeStatus(chargeId) {
      const charge = await chargeOf(db, chargeId);
      // A cancelled charge reads as Woovi shows a deleted one: no longer payable.
      const status = charge.paidAt
        ? "COMPLETED"
        : charge.cancelledAt || charge.expiresAt <= now()
          ? "EXPIRED"
          : "ACTIVE";
      return { status, amountCents: charge.amountCents };
    },
    async cancel(chargeId) {
      await db
        .update(sandboxPixCharges)
        .set({ cancelledAt: now() })
        .where(
          and(
            eq(sandboxPixCharges.chargeId, chargeId),
            isNull(sandboxPixCharges.paidAt),
            isNull(sandboxPixCharges.cancelledAt),
          ),
        );
      const charge = await chargeOf(db, chargeId);
      if (charge.paidAt) throw new Error(`Cobrança PIX de teste já paga: ${chargeId}`);
    },
    ...sandboxRefundsOf(db, "sandbox", async (tx, chargeId) => {
      const [charge] = await tx
        .select({ amountCents: sandboxPixCharges.amountCents, paidAt: sandboxPixCharges.paidAt })
        .from(sandboxPixCharges)
        .where(eq(sandboxPixCharges.chargeId, chargeId))
        .for("update");
      return charge?.paidAt ? charge.amountCents : null;
    }),
  };
}

/**
 * The receiver the payer's bank shows: PIX_MERCHANT_NAME and PIX_MERCHANT_CITY when set, otherwise
 * the store's name and its address's city in the settings as they are now (a change shows in the
 * next charge). `buildBrCode` drops accents and cuts them to the BR Code's 25 and 15 characters.
 */
async function merchantOf(db: Database, env: SandboxEnv) {
  const { PIX_MERCHANT_NAME, PIX_MERCHANT_CITY } = env;
  if (PIX_MERCHANT_NAME && PIX_MERCHANT_CITY) {
    return { merchantName: PIX_MERCHANT_NAME, merchantCity: PIX_MERCHANT_CITY };
  }
  const { identity, legal } = await storefrontSettings(db, env);
  return {
    merchantName: PIX_MERCHANT_NAME ?? identity.name.toUpperCase(),
    merchantCity: PIX_MERCHANT_CITY ?? legal.address.city,
  };
}

async function chargeOf(db: Database, chargeId: string) {
  const [charge] = await db
    .select({
      amountCents: sandboxPixCharges.amountCents,
      expiresAt: sandboxPixCharges.expiresAt,
      paidAt: sandboxPixCharges.paidAt,
      cancelledAt: sandboxPixCharges.cancelledAt,
    })
    .from(sandboxPixCharges)
    .where(eq(sandboxPixCharges.chargeId, chargeId));
  if (!charge) throw new Error(`Cobrança PIX de teste desconhecida: ${chargeId}`);
  return charge;
}

/** Run on every order in sandbox mode, so prepared once. */
const insertChargeQuery = preparedPerDatabase((db) =>
  db
    .insert(sandboxPixCharges)
    .values({
      chargeId: sql.placeholder("chargeId"),
      amountCents: sql.placeholder("amountCents"),
      expiresAt: sql.placeholder("expiresAt"),
    })
    .prepare("insert_sandbox_charge"),
);

/**
 * The sandbox's "customer paid" button: true when it marked an unpaid charge as paid. A charge
 * the store cancelled is refused, as a bank refuses a deleted charge.
 */
export async function simulateSandboxPayment(
  db: Database,
  chargeId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const changed = await db
    .update(sandboxPixCharges)
    .set({ paidAt: now })
    .where(
      and(
        eq(sandboxPixCharges.chargeId, chargeId),
        isNull(sandboxPixCharges.paidAt),
        isNull(sandboxPixCharges.cancelledAt),
      ),
    )
    .returning({ chargeId: sandboxPixCharges.chargeId });
  return changed.length > 0;
}
