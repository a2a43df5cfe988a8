import { describe, expect, it } from "vitest";
import { randomCpf } from "../support/accounts";
import { setUpStartedStore } from "../support/started-store";

const TOO_MANY_ATTEMPTS = "Muitas tentativas. Aguarde um minuto e tente novamente.";
const PROFILE_UNDONE = "Perfil não criado no cadastro; conta desfeita";

const started = setUpStartedStore({ SEED_DEMO: "false" });

let sequence = 0;

interface SignUpFields {
  cpf: string;
  email?: string;
  phone?: string;
}

/** The sign-up form as a browser without JavaScript posts it, from the client at `clientIp`. */
async function postSignUp(clientIp: string, fields: SignUpFields) {
  sequence += 1;
  const response = await fetch(`${started.store.url}/auth`, {
    method: "POST",
    headers: { "X-Forwarded-For": clientIp },
    body: new URLSearchParams({
      intent: "signup",
      userType: "PF",
      name: "Cliente Teste",
      cpf: fields.cpf,
      phone: fields.phone ?? "11987654321",
      email: fields.email ?? `cadastro-${Date.now()}-${sequence}@example.com`,
      password: "senha-segura-1",
    }),
    redirect: "manual",
  });
  const signedIn = response.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie));
  return { status: response.status, page: await response.text(), signedIn };
}

const masked = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

describe("sign-up attempts from one client", () => {
  it("count also when the CPF is taken, so the answer stops telling after five", async () => {
    const takenCpf = randomCpf();
    expect((await postSignUp("203.0.113.10", { cpf: takenCpf })).signedIn).toBe(true);

    const client = "203.0.113.11";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await postSignUp(client, { cpf: takenCpf });
      expect(answer.page, `tentativa ${attempt}`).toContain("CPF já cadastrado");
      expect(answer.signedIn).toBe(false);
    }
    const sixth = await postSignUp(client, { cpf: takenCpf });
    expect(sixth.page).toContain(TOO_MANY_ATTEMPTS);
    expect(sixth.page).not.toContain("CPF já cadastrado");

    const freshCpf = randomCpf();
    const freshEmail = `novo-${Date.now()}@example.com`;
    const fresh = await postSignUp(client, { cpf: freshCpf, email: freshEmail });
    expect(fresh.page).toContain(TOO_MANY_ATTEMPTS);
    expect(fresh.signedIn).toBe(false);

    // Another client is not held back, and the refused attempt created nothing: the same CPF
    // and e-mail are still free.
    const other = await postSignUp("203.0.113.12", { cpf: freshCpf, email: freshEmail });
    expect(other.page).not.toContain(TOO_MANY_ATTEMPTS);
    expect(other.signedIn).toBe(true);
  });

  it("count a successful sign-up once", async () => {
    const client = "203.0.113.13";
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await postSignUp(client, { cpf: randomCpf() })).signedIn, `cadastro ${attempt}`).toBe(true);
    }
    expect((await postSignUp(client, { cpf: randomCpf() })).page).toContain(TOO_MANY_ATTEMPTS);
  });
});

describe("a profile that cannot be saved", () => {
  it("undoes the account and logs the failure without the person's data", async () => {
    const phone = "21975318642";
    const used: string[] = [];
    // Two sign-ups with one CPF at the same time: both pass the early check and the second
    // profile insert breaks the unique CPF index. Retried in the unlikely case the requests
    // did not overlap.
    for (let round = 0; round < 5 && !started.store.output().includes(PROFILE_UNDONE); round++) {
      const cpf = randomCpf();
      const emails = [
        `corrida-a-${round}-${Date.now()}@example.com`,
        `corrida-b-${round}-${Date.now()}@example.com`,
      ];
      used.push(cpf, masked(cpf), ...emails);
      const answers = await Promise.all(
        emails.map((email, index) =>
          postSignUp(`203.0.113.${20 + 2 * round + index}`, { cpf, email, phone }),
        ),
      );
      expect(answers.filter((answer) => answer.signedIn)).toHaveLength(1);
      expect(answers.find((answer) => !answer.signedIn)!.page).toContain("CPF já cadastrado");
    }

    const output = started.store.output();
    expect(output).toContain(PROFILE_UNDONE);
    expect(output).toContain("profiles_cpf_unique");
    for (const value of [...used, phone, "(21) 97531-8642"]) expect(output).not.toContain(value);
  });
});
