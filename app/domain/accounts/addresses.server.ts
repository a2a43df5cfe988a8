import { and, desc, eq } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database, Transaction } from "../../db/client.server";
import { addresses } from "../../db/schema.server";
import type { Address, AddressInput } from "./address-schema";
import type { Outcome } from "../../lib/outcome";

/** An address as pages show it: never its owner's id or its timestamps. */
const addressColumns = {
  id: addresses.id,
  cep: addresses.cep,
  street: addresses.street,
  number: addresses.number,
  complement: addresses.complement,
  neighborhood: addresses.neighborhood,
  city: addresses.city,
  state: addresses.state,
  isDefault: addresses.isDefault,
};
export type AddressOutcome = Outcome<{ address: Address }>;

const NOT_FOUND = { ok: false, message: "Endereço não encontrado" } as const;
/** An id that is not a UUID names no address (and would be a query error). */
const isAddressId = (id: string) => z.uuid().safeParse(id).success;

/** The customer's addresses, the default first, then the newest. */
export function listAddresses(db: Database, userId: string): Promise<Address[]> {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
}

/** A customer with addresses has exactly one default: the first one, or the one asked for. */
export async function createAddress(
  db: Database,
  userId: string,
  input: AddressInput,
): Promise<AddressOutcome> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .limit(1);
    const isDefault = input.isDefault || !existing;
    if (isDefault) await clearDefault(tx, userId);
    const [address] = await tx
      .insert(addresses)
      .values({ ...input, userId, isDefault })
      .returning(addressColumns);
    return { ok: true, address: address! };
  });
}

export function updateAddress(
  db: Database,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<AddressOutcome> {
  return changeOwnAddress(db, userId, addressId, input);
}

export function setDefaultAddress(db: Database, userId: string, addressId: string): Promise<AddressOutcome> {
  return changeOwnAddress(db, userId, addressId, { isDefault: true });
}

/** The default stays the default until another address is made the default. */
async function changeOwnAddress(
  db: Database,
  userId: string,
  addressId: string,
  changes: Partial<AddressInput>,
): Promise<AddressOutcome> {
  if (!isAddressId(addressId)) return NOT_FOUND;
  return db.transaction(async (tx) => {
    const current = await findOwn(tx, userId, addressId);
    if (!current) return NOT_FOUND;
    const isDefault = current.isDefault || Boolean(changes.isDefault);
    if (isDefault && !current.isDefault) await clearDefault(tx, userId);
    const [address] = await tx
      .update(addresses)
      .set({ ...changes, isDefault })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(addressColumns);
    return { ok: true, address: address! };
  });
}

/** Removing the default makes the newest remaining address the default. */
export async function deleteAddress(
  db: Database,
  userId: string,
  addressId: string,
): Promise<AddressOutcome> {
  if (!isAddressId(addressId)) return NOT_FOUND;
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(addressColumns);
    if (!removed) return NOT_FOUND;
    if (removed.isDefault) {
      const [newest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt))
        .limit(1);
      if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
    }
    return { ok: true, address: removed };
  });
}

async function findOwn(tx: Transaction, userId: string, addressId: string): Promise<Address | undefined> {
  const [address] = await tx
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return address;
}

async function clearDefault(tx: Transaction, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}
