import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressSchema, type AddressInput } from "../../app/domain/accounts/address-schema";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../app/domain/accounts/addresses.server";
import { createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const input = (overrides: Record<string, unknown> = {}): AddressInput =>
  addressSchema.parse({
    cep: "01310-100",
    street: "Avenida Paulista",
    number: "1000",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "sp",
    ...overrides,
  });

async function created(userId: string, overrides: Record<string, unknown> = {}) {
  const outcome = await createAddress(database.db, userId, input(overrides));
  if (!outcome.ok) throw new Error(outcome.message);
  await new Promise((resolve) => setTimeout(resolve, 5)); // distinct created_at for ordering
  return outcome.address;
}

const defaults = async (userId: string) =>
  (await listAddresses(database.db, userId))
    .filter((address) => address.isDefault)
    .map((address) => address.id);

describe("addresses", () => {
  it("makes the first address the default and keeps exactly one default", async () => {
    const user = await createUser(database.db);
    const first = await created(user.id);
    expect(first).toMatchObject({ isDefault: true, cep: "01310100", state: "SP", complement: null });
    const second = await created(user.id, { number: "2000" });
    expect(await defaults(user.id)).toEqual([first.id]);
    const third = await created(user.id, { number: "3000", isDefault: "on" });
    expect(await defaults(user.id)).toEqual([third.id]);
    await setDefaultAddress(database.db, user.id, second.id);
    expect(await defaults(user.id)).toEqual([second.id]);
    expect((await listAddresses(database.db, user.id)).map((address) => address.id)).toEqual([
      second.id,
      third.id,
      first.id,
    ]);
  });

  it("gives pages the address alone: not its owner's id nor its timestamps", async () => {
    const user = await createUser(database.db);
    const address = await created(user.id, { complement: "Apto 12" });
    const [listed] = await listAddresses(database.db, user.id);
    expect(listed).toEqual({
      id: address.id,
      cep: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      complement: "Apto 12",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      isDefault: true,
    });
    expect(address).toEqual(listed);
  });

  it("keeps the default when it is edited, and promotes the newest when it is deleted", async () => {
    const user = await createUser(database.db);
    const first = await created(user.id);
    const second = await created(user.id, { number: "20" });
    const edited = await updateAddress(
      database.db,
      user.id,
      first.id,
      input({ number: "10A", complement: "Apto 5" }),
    );
    expect(edited).toMatchObject({
      ok: true,
      address: { isDefault: true, number: "10A", complement: "Apto 5" },
    });
    await deleteAddress(database.db, user.id, first.id);
    expect(await defaults(user.id)).toEqual([second.id]);
    await deleteAddress(database.db, user.id, second.id);
    expect(await listAddresses(database.db, user.id)).toEqual([]);
  });

  it("never lets a customer see or change another's address", async () => {
    const alice = await createUser(database.db);
    const bruno = await createUser(database.db);
    const address = await created(alice.id);
    const notFound = { ok: false, message: "Endereço não encontrado" };
    expect(await updateAddress(database.db, bruno.id, address.id, input({ street: "Rua Invadida" }))).toEqual(
      notFound,
    );
    expect(await setDefaultAddress(database.db, bruno.id, address.id)).toEqual(notFound);
    expect(await deleteAddress(database.db, bruno.id, address.id)).toEqual(notFound);
    expect(await deleteAddress(database.db, bruno.id, "not-a-uuid")).toEqual(notFound);
    expect(await listAddresses(database.db, bruno.id)).toEqual([]);
    expect((await listAddresses(database.db, alice.id))[0]).toMatchObject({
      id: address.id,
      street: "Avenida Paulista",
    });
  });
});

describe("address validation", () => {
  it.each([
    ["cep", "1234-567", "CEP inválido"],
    ["state", "XX", "UF inválida"],
    ["state", "SPP", "UF inválida"],
    ["street", " ", "Informe a rua"],
    ["number", "", "Informe o número"],
    ["neighborhood", "", "Informe o bairro"],
    ["city", "", "Informe a cidade"],
  ])("refuses %s=%j with the message", (field, value, message) => {
    const result = addressSchema.safeParse({ ...input(), [field]: value });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it("leaves the complement optional", () => {
    expect(addressSchema.parse({ ...input(), complement: "" }).complement).toBeNull();
  });
});
