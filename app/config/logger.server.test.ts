import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { profiles, users } from "../db/schema.server";
import { createLogger, logSerializers, type LoggedError } from "./logger.server";

const CPF = "52998224725";
const PHONE = "11987654321";
const EMAILS = ["primeira@example.com", "segunda@example.com"];

let database: TestDatabase;
/** What drizzle throws when a second profile takes a CPF already registered. */
let duplicateCpf: unknown;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const [index, email] of EMAILS.entries()) {
    const id = `pessoa-${index}`;
    await db.insert(users).values({ id, name: "Maria", email });
    duplicateCpf = await db
      .insert(profiles)
      .values({ id, fullName: "Maria", phone: PHONE, email, userType: "PF", cpf: CPF })
      .then(
        () => null,
        (error: unknown) => error,
      );
  }
}, 60_000);
afterAll(() => database?.destroy());

function expectNoPersonalData(logged: unknown) {
  const text = JSON.stringify(logged);
  for (const value of [CPF, "529.982.247-25", PHONE, ...EMAILS]) expect(text).not.toContain(value);
  expect(text).not.toContain("params");
  expect(text).not.toContain("already exists");
}

describe("logSerializers.err", () => {
  it("keeps what failed and drops the values of a real failed insert", () => {
    expect(duplicateCpf).toBeInstanceOf(DrizzleQueryError);
    // The raw error does carry them: this is what must not reach a log line.
    expect(JSON.stringify(pino.stdSerializers.err(duplicateCpf as Error))).toContain(CPF);

    const logged = logSerializers.err(duplicateCpf) as LoggedError;
    expectNoPersonalData(logged);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: expect.stringMatching(/^Failed query: insert into "profiles" .*values \(\$1, \$2/),
      query: expect.stringMatching(/^insert into "profiles"/),
      cause: { code: "23505", constraint: "profiles_cpf_unique", table: "profiles", schema: "public" },
    });
    expect(logged.cause!.message).toBe(
      'duplicate key value violates unique constraint "profiles_cpf_unique"',
    );
    expect(logged.stack).toMatch(/^Error: Failed query: insert into "profiles"[^\n]*\n\s+at /);
    expect(logged.stack!.split("\n").slice(1).length).toBeGreaterThan(0);
    expect(logged.cause!.stack).toMatch(/\n\s+at /);
  });

  it("cleans pino's own serialization, as pino-http hands it over", () => {
    // What pino-http does with the `err` serializer it is given.
    const requestLoggerSerializer = pino.stdSerializers.wrapErrorSerializer(
      logSerializers.err as pino.SerializerFn,
    );
    const logged = requestLoggerSerializer(duplicateCpf as Error) as unknown as LoggedError;
    expectNoPersonalData(logged);
    expect(logged).toMatchObject({ type: "DrizzleQueryError", cause: { constraint: "profiles_cpf_unique" } });
  });

  it("follows every cause, however the values got in, and survives a cycle", () => {
    const database = Object.assign(new Error('invalid input syntax for type uuid: "maria@example.com"'), {
      severity: "ERROR",
      code: "22P02",
      detail: "Key (email)=(maria@example.com) already exists.",
      hint: "maria@example.com",
      where: "maria@example.com",
      params: ["maria@example.com"],
    });
    const failed = new DrizzleQueryError(
      'select * from "users" where "id" = $1',
      ["maria@example.com"],
      database,
    );
    const wrapper = new Error("Falha ao carregar o pedido", { cause: failed });
    (database as Error).cause = wrapper;

    const logged = logSerializers.err(wrapper) as LoggedError;
    expect(JSON.stringify(logged)).not.toContain("maria@example.com");
    expect(logged.cause).toMatchObject({
      type: "DrizzleQueryError",
      query: 'select * from "users" where "id" = $1',
      cause: { code: "22P02", message: 'invalid input syntax for type uuid: "[oculto]"' },
    });
    expect(logged.cause!.cause!.cause).toBeUndefined();
  });

  it("leaves values that are not errors as they are", () => {
    expect(logSerializers.err("texto")).toBe("texto");
    expect(logSerializers.err(undefined)).toBeUndefined();
  });
});

describe("createLogger", () => {
  it("writes an error without its values, also when the line has no message of its own", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ LOG_LEVEL: "info" }, destination);
    logger.warn({ err: duplicateCpf }, "Perfil não criado no cadastro; conta desfeita");
    logger.error(duplicateCpf);
    logger.error({ err: duplicateCpf });

    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expectNoPersonalData(line);
      expect(JSON.parse(line).err).toMatchObject({ type: "DrizzleQueryError", cause: { code: "23505" } });
    }
    expect(JSON.parse(lines[0]!).msg).toBe("Perfil não criado no cadastro; conta desfeita");
    expect(JSON.parse(lines[1]!).msg).toMatch(/^Failed query: insert into "profiles"/);
  });
});

describe("request logging", () => {
  it("hides a password reset link's token from the logged address and query", () => {
    const logged = logSerializers.req({
      method: "GET",
      url: "/auth/reset-password?token=Segredo123&utm=email",
      query: { token: "Segredo123", utm: "email" },
    });
    expect(JSON.stringify(logged)).not.toContain("Segredo123");
    expect(logged).toMatchObject({
      url: "/auth/reset-password?token=%5Boculto%5D&utm=email",
      query: { token: "[oculto]", utm: "email" },
    });
  });

  it("hides the authorization code and state a sign-in provider sends to its callback", () => {
    const logged = logSerializers.req({
      method: "GET",
      url: "/api/auth/callback/oidc?code=CodigoSecreto&state=EstadoSecreto&iss=https%3A%2F%2Fidp.example",
      query: { code: "CodigoSecreto", state: "EstadoSecreto", iss: "https://idp.example" },
    });
    expect(JSON.stringify(logged)).not.toContain("CodigoSecreto");
    expect(JSON.stringify(logged)).not.toContain("EstadoSecreto");
    expect(logged).toMatchObject({
      query: { code: "[oculto]", state: "[oculto]", iss: "https://idp.example" },
    });
  });

  it("leaves an address without credentials as it is", () => {
    const request = { method: "GET", url: "/catalog?q=mouse" };
    expect(logSerializers.req(request)).toBe(request);
  });
});
