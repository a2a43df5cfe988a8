import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  orderRefunds,
  orders,
  products,
  profiles,
  storeSettings,
  users,
} from "../../app/db/schema.server";
import { CONTROL_CHARACTER_MESSAGE } from "../../app/lib/typed-text";
import { action as addressesAction } from "../../app/routes/account/addresses";
import { action as ordersAction } from "../../app/routes/account/orders";
import { action as profileAction } from "../../app/routes/account/profile";
import { action as orderAction } from "../../app/routes/admin/order";
import { action as productsAction } from "../../app/routes/admin/products";
import { action as authAction } from "../../app/routes/auth";
import { randomCpf } from "../support/accounts";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { adminPost, productPages } from "../support/admin-products";
import { settingsForms, settingsPage } from "../support/admin-settings";
import { createOrder, createProduct, TEST_ADDRESS } from "../support/factories";
import { setUpTestStore, signUpInStore, TEST_BASE_URL, type SignedUpCustomer } from "../support/test-context";

// Issue 48, point 4: a NUL byte in a form's text reached PostgreSQL, which refuses it (a 500).
// Every form that takes typed text, each of its text fields in turn, with a control character:
// the answer names the problem in Portuguese and nothing is written.

const store = setUpTestStore();
let admin: TestAdmin;
let customer: SignedUpCustomer;
let paidOrderId: string;
let customersOrderId: string;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
  customer = await signUpInStore(store);
  const product = await createProduct(store.database.db, { priceCents: 10_000, stock: 5 });
  paidOrderId = (
    await createOrder(store.database.db, { userId: null, lines: [{ product, quantity: 1 }], paid: true })
  ).id;
  customersOrderId = (
    await createOrder(store.database.db, {
      userId: customer.id,
      lines: [{ product, quantity: 1 }],
      paid: true,
    })
  ).id;
});

/** NUL (which PostgreSQL refuses), other C0 controls, DEL and a C1 control, one per field in turn. */
const CONTROLS = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085"];
let fuzzed = 0;
const withControl = (text: string) => `${text}${CONTROLS[fuzzed++ % CONTROLS.length]}fim`;

type Form = Record<string, string>;

/** A form post from a browser with this Cookie header, urlencoded as the pages send it. */
function post(cookie: string, path: string, form: Form): Request {
  return new Request(`${TEST_BASE_URL}${path}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(form),
  });
}

/** What an action answered, whether plain data or wrapped by data() to set a status or cookies. */
function answerOf(result: unknown): unknown {
  return typeof result === "object" && result !== null && "data" in result && "init" in result
    ? result.data
    : result;
}

/** Everything the forms below write to, as stored. */
async function storedData() {
  const { db } = store.database;
  return Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(storeSettings).orderBy(asc(storeSettings.id)),
    db.select().from(addresses).orderBy(asc(addresses.id)),
    db.select().from(profiles).orderBy(asc(profiles.id)),
    db.select().from(orders).orderBy(asc(orders.id)),
    db.select().from(orderRefunds).orderBy(asc(orderRefunds.id)),
    db.select().from(users).orderBy(asc(users.id)),
  ]);
}

interface FormAction {
  name: string;
  /** A form the action accepts, each of whose `fields` is then sent with a control character. */
  form: () => Form;
  fields: string[];
  send: (form: Form) => unknown;
}

const call = <T extends (args: never) => unknown>(action: T, request: Request, params: object = {}) =>
  action({ request, context: store.context, params } as Parameters<T>[0]);

const FORM_ACTIONS: FormAction[] = [
  {
    name: "the admin's new product",
    form: () => ({
      name: "Cabo de teste",
      description: "Cabo trançado.",
      price: "19,90",
      compareAt: "",
      stock: "7",
      category: "Cabos",
      brand: "Marca",
      sku: `CTRL-${fuzzed}`,
      "specs.0.name": "Comprimento",
      "specs.0.value": "1 m",
    }),
    fields: ["name", "description", "category", "brand", "sku", "specs.0.name", "specs.0.value"],
    send: (form) => productPages(store.context, admin).create(form),
  },
  ...(["identity", "legal", "home", "policies"] as const).map((section) => ({
    name: `the settings' ${section} section`,
    form: () => settingsForms[section]() as Form,
    fields: {
      identity: ["name", "description"],
      legal: [
        "companyName",
        "stateRegistration",
        "street",
        "number",
        "complement",
        "neighborhood",
        "city",
        "dpoName",
      ],
      home: ["heroTitle", "heroSubtitle", "heroButton", "resellerText"],
      policies: ["returns", "privacy", "terms"],
    }[section],
    send: (form: Form) => settingsPage(store.context, admin).post(form),
  })),
  {
    name: "a customer's new address",
    form: () => ({ intent: "create", ...TEST_ADDRESS, cep: "01310-100", complement: "Apto 1" }),
    fields: ["street", "number", "complement", "neighborhood", "city"],
    send: (form) => call(addressesAction, post(customer.cookie, "/account/addresses", form)),
  },
  {
    name: "the sign-up",
    form: () => ({
      intent: "signup",
      userType: "PF",
      name: "Maria Compradora",
      cpf: randomCpf(),
      phone: "11987654321",
      email: `controle-${fuzzed}@example.com`,
      password: "senha-segura-1",
    }),
    fields: ["name"],
    send: (form) => call(authAction, post("", "/auth", form)),
  },
  {
    name: "a customer's profile",
    form: () => ({
      intent: "update",
      fullName: "Maria Compradora",
      phone: "11987654321",
      email: customer.email,
    }),
    fields: ["fullName"],
    send: (form) => call(profileAction, post(customer.cookie, "/account/profile", form)),
  },
  {
    name: "the admin's refund",
    form: () => ({ intent: "refund", refundId: crypto.randomUUID(), amount: "10,00", reason: "Defeito" }),
    fields: ["reason"],
    send: (form) =>
      call(orderAction, adminRequest(admin, `/admin/orders/${paidOrderId}`, form), { orderId: paidOrderId }),
  },
  {
    name: "a customer's withdrawal",
    form: () => ({ intent: "withdraw", orderId: customersOrderId, reason: "Comprei errado" }),
    fields: ["reason"],
    send: (form) => call(ordersAction, post(customer.cookie, "/account/orders", form)),
  },
];

describe("a control character in a form's text", () => {
  it.each(FORM_ACTIONS)(
    "is refused by $name, field by field, with a message and nothing written",
    async (action) => {
      for (const field of action.fields) {
        const before = await storedData();
        const form = action.form();
        const answer = answerOf(await action.send({ ...form, [field]: withControl(form[field]!) }));
        expect(JSON.stringify(answer), field).toContain(CONTROL_CHARACTER_MESSAGE);
        expect(await storedData(), field).toEqual(before);
      }
    },
  );

  it("is refused in a products CSV cell, with its line and column, and nothing is imported", async () => {
    const header =
      "handle;nome;descricao;categoria;marca;opcao1_nome;opcao1_valor;opcao2_nome;opcao2_valor;opcao3_nome;opcao3_valor;sku;preco;preco_de;estoque;ativo;gtin;imagens;especificacoes;peso_g;altura_cm;largura_cm;comprimento_cm";
    const line = `cabo-ctrl;${withControl("Cabo")};Cabo trançado;Cabos;Marca;;;;;;;CSV-CTRL-1;19,90;;5;sim;;;;;;;`;
    const before = await storedData();
    const answer = answerOf(
      await call(
        productsAction,
        adminPost(admin, "/admin/products", {
          intent: "csv-import",
          csvFile: new File([`${header}\r\n${line}\r\n`], "produtos.csv", { type: "text/csv" }),
        }),
      ),
    );
    expect(JSON.stringify(answer)).toContain(
      "Linha 2: caracteres de controle (invisíveis) em nome; remova-os",
    );
    expect(await storedData()).toEqual(before);
  });
});
