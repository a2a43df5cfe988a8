// Writes an upgrade fixture (tests/fixtures/upgrade/<release>/): starts the release checked out in
// `release` on a fresh embedded database and on a fresh PostgreSQL database, uses each as a shop
// does over HTTP (an admin's product with a photo, a PF and a PJ customer with addresses, avatar,
// cart, PIX and card orders in several payment states, one shipped and one refunded with units
// back in stock),
// stops it and keeps its data with a manifest of what was made. Run by generate.sh, which prepares
// the release's checkout.
//
//   tsx scripts/upgrade-fixtures/populate.ts <release checkout> <fixture directory>
//
// TEST_DATABASE_URL names the PostgreSQL server (a database is created on it, dumped, dropped).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  cookieHeader,
  signIn,
  signUpCompany,
  signUpCustomer,
  type Customer,
} from "../../tests/support/accounts";
import { randomClientIp } from "../../tests/support/browser";
import { TEST_ADDRESS } from "../../tests/support/factories";
import {
  addAddressOverHttp,
  addToCartOverHttp,
  checkoutBody,
  deleteOrderOverHttp,
  payOverHttp,
  postCheckoutOverHttp,
} from "../../tests/support/orders";
import { startStoreServer, type StoreData } from "../../tests/support/store-server";
import { createPostgresDatabase } from "../../tests/support/database-templates";
import type { CreatePaymentAnswer } from "../../app/domain/orders/checkout-schema";
import type { PersonalDataExport, UpgradeManifest } from "../../tests/support/upgrade-fixtures";

const [release, fixtureDir] = process.argv.slice(2);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!release || !fixtureDir || !serverUrl) {
  console.error(
    "Uso: TEST_DATABASE_URL=postgres://… tsx scripts/upgrade-fixtures/populate.ts <release> <fixture>",
  );
  process.exit(1);
}

type SignedIn = Pick<Customer, "cookies">;

const ADMIN = {
  email: "admin@upgrade.example",
  password: "senha-do-admin-antigo",
  gatePassword: "portao-antigo-1",
};

async function main() {
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: release, encoding: "utf8" }).trim();
  await rm(fixtureDir!, { recursive: true, force: true });
  for (const variant of ["pglite", "postgres"] as const) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-upgrade-fixture-"));
    const database = variant === "postgres" ? await createPostgresDatabase(serverUrl!) : null;
    const data: StoreData = {
      dataDir,
      env: database ? { DATABASE_URL: database.url } : {},
      remove: async () => {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    try {
      const store = await startStoreServer(
        {
          SEED_DEMO: "false",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ADMIN_PANEL_PASSWORD: ADMIN.gatePassword,
          // The unpaid orders' charges have expired by the time any later release opens the data.
          PIX_EXPIRES_MINUTES: "1",
          // PIX orders with a discount, on releases that have one: later releases keep it as a line
          // of the total (migration 0032).
          PIX_DISCOUNT_PERCENT: "5",
        },
        data,
        release,
      );
      let manifest: UpgradeManifest;
      try {
        manifest = { release: commit, variant, admin: ADMIN, ...(await populateShop(store.url)) };
      } finally {
        await store.stop("SIGTERM");
      }
      const out = path.join(fixtureDir!, variant);
      await mkdir(out, { recursive: true });
      // The whole data directory: the embedded database's files, or only the uploads on PostgreSQL.
      execFileSync("tar", ["-cJf", path.join(out, "data-dir.tar.xz"), "-C", dataDir, "."]);
      if (database) {
        const dump = execFileSync("pg_dump", ["--no-owner", "--no-privileges", database.url], {
          maxBuffer: 256 * 1024 * 1024,
        });
        await writeFile(path.join(out, "dump.sql"), dump);
      }
      await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      console.log(`Fixture ${variant} escrita em ${out}`);
    } finally {
      await data.remove();
    }
  }
}

/** A shop's first days, over HTTP: what the manifest records of it. */
async function populateShop(url: string): Promise<Omit<UpgradeManifest, "release" | "variant" | "admin">> {
  const admin = cookieHeader(await signIn(url, ADMIN));
  await post(url, admin, "/api/admin/verify-password", new URLSearchParams({ password: ADMIN.gatePassword }));
  const photo = await sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 30, g: 110, b: 190 } },
  })
    .png()
    .toBuffer();
  const headphones = await createProduct(url, admin, {
    name: "Fone Bluetooth da Versão Antiga",
    price: "249,90",
    category: "Áudio",
    stock: "40",
    photo,
  });
  const cable = await createProduct(url, admin, {
    name: "Cabo USB-C da Versão Antiga",
    price: "39,90",
    category: "Acessórios",
    stock: "40",
  });

  const person = await signUpCustomer(url, {
    name: "Ana Pereira",
    email: "ana.pereira@upgrade.example",
    password: "senha-antiga-pf-1",
  });
  const avatar = await readFile(path.resolve(import.meta.dirname, "../../tests/fixtures/avatar.png"));
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(avatar)], "foto.png", { type: "image/png" }));
  await post(url, cookieHeader(person), "/account/profile.data", form);
  await addAddressOverHttp(url, person);
  const personAddress = await addAddress(url, person, {
    street: "Rua Augusta",
    number: "500",
    complement: "Apto 12",
  });

  const company = await signUpCompany(url, {
    name: "Loja Exemplo Ltda",
    email: "compras@upgrade.example",
    password: "senha-antiga-pj-1",
  });
  const companyAddress = await addAddressOverHttp(url, company);

  const order = async (
    who: SignedIn & { email: string },
    taxId: string,
    addressId: string,
    lines: { id: number; quantity: number }[],
    paymentMethod?: "card",
  ) => {
    const response = await postCheckoutOverHttp(url, cookieHeader(who), {
      ...checkoutBody({ cpf: taxId, addressId, email: who.email }, lines),
      ...(paymentMethod && { paymentMethod }),
    });
    const answer = (await response.json()) as CreatePaymentAnswer;
    if (!answer.success) throw new Error(`Pedido recusado pela versão antiga: ${JSON.stringify(answer)}`);
    return answer;
  };
  const buy = async (...args: Parameters<typeof order>) => (await order(...args)).orderId!;
  const orders = [];
  const paid = await buy(person, person.cpf, personAddress, [{ id: headphones, quantity: 2 }]);
  await payOverHttp(url, person, paid);
  orders.push({ customer: person.email, orderId: paid, state: "paid" as const });
  const pending = await buy(person, person.cpf, personAddress, [
    { id: cable, quantity: 1 },
    { id: headphones, quantity: 1 },
  ]);
  orders.push({ customer: person.email, orderId: pending, state: "pending" as const });
  const cancelled = await buy(person, person.cpf, personAddress, [{ id: cable, quantity: 3 }]);
  await deleteOrderOverHttp(url, person, cancelled);
  orders.push({ customer: person.email, orderId: cancelled, state: "cancelled" as const });
  const companyPaid = await buy(company, company.cnpj, companyAddress, [{ id: cable, quantity: 5 }]);
  await payOverHttp(url, company, companyPaid);
  orders.push({ customer: company.email, orderId: companyPaid, state: "paid" as const });

  // After-sale (a release with shipping and refunds): the store promises 5 working days; one paid
  // order shipped and never marked delivered, one given R$ 1,00 back with "devolver ao estoque".
  await post(
    url,
    admin,
    "/admin/settings.data",
    new URLSearchParams({ intent: "delivery", deliveryDays: "5" }),
  );
  const shipped = await buy(person, person.cpf, personAddress, [{ id: headphones, quantity: 1 }]);
  await payOverHttp(url, person, shipped);
  const shipping: Record<string, string>[] = [
    { intent: "status", status: "processing" },
    { intent: "tracking", trackingCode: "AA123456785BR" },
    { intent: "status", status: "shipped" },
  ];
  for (const step of shipping) {
    await adminOrderAction(url, admin, shipped, step);
  }
  orders.push({
    customer: person.email,
    orderId: shipped,
    state: "paid" as const,
    afterSale: "shipped" as const,
  });
  const restocked = await buy(company, company.cnpj, companyAddress, [{ id: cable, quantity: 4 }]);
  await payOverHttp(url, company, restocked);
  const [line] = (await exportOf(url, company)).pedidos.find((order) => order.id === restocked)!.itens as {
    id: number;
    quantity: number;
  }[];
  await adminOrderAction(url, admin, restocked, {
    intent: "refund",
    refundId: crypto.randomUUID(),
    amount: "1,00",
    reason: "Desconto por atraso",
    // Every unit back, as each release's form says it: a checkbox before issue 48, units per line
    // since, and since issue 50 the units refunded per line with one checkbox returning them.
    restock: "on",
    [`restock.${line!.id}`]: String(line!.quantity),
    [`line.${line!.id}`]: String(line!.quantity),
  });
  orders.push({
    customer: company.email,
    orderId: restocked,
    state: "paid" as const,
    afterSale: "refunded with restock" as const,
  });

  // Card orders (the sandbox's card provider stands in for Mercado Pago): one paid in 2 instalments,
  // one whose card was refused, left unpaid.
  for (const [intent, state] of [
    ["approve", "paid"],
    ["reject", "pending"],
  ] as const) {
    const placed = await order(person, person.cpf, personAddress, [{ id: cable, quantity: 1 }], "card");
    await payAtSandboxCardCheckout(url, person, placed.cardCheckoutUrl!, intent);
    await waitForPayment(url, person, placed.orderId!, state === "paid");
    orders.push({ customer: person.email, orderId: placed.orderId!, state, payment: "card" as const });
  }

  // A customer who never paid: e-mail confirmation (a later release) treats them apart.
  const browser = await signUpCustomer(url, {
    name: "Bruno Souza",
    email: "bruno.souza@upgrade.example",
    password: "senha-antiga-pf-2",
  });
  const browserAddress = await addAddressOverHttp(url, browser);
  const unpaid = await buy(browser, browser.cpf, browserAddress, [{ id: headphones, quantity: 1 }]);
  orders.push({ customer: browser.email, orderId: unpaid, state: "pending" as const });

  // Left in the cart for the next visit.
  await addToCartOverHttp(url, person, cable);

  const customers = [];
  for (const [who, document] of [
    [person, { cpf: person.cpf }],
    [company, { cnpj: company.cnpj, website: company.website }],
    [browser, { cpf: browser.cpf }],
  ] as const) {
    const exported = await exportOf(url, who);
    const account = await (await fetch(`${url}/account`, { headers: { cookie: cookieHeader(who) } })).text();
    customers.push({
      email: who.email,
      password: who.password,
      name: who.name,
      ...document,
      askedToConfirmEmail: account.includes("Confirme seu e-mail"),
      export: exported,
    });
  }

  const productPage = await (await fetch(`${url}/product/${headphones}`)).text();
  const photoUrls = [
    ...new Set(
      [...productPage.matchAll(/\/uploads\/[\w./-]+/g)]
        .map((match) => match[0])
        .filter((u) => !u.includes("avatar")),
    ),
  ];
  const avatarUrl = customers[0]!.export.perfil.avatarUrl as string;
  const photos = [];
  for (const photoUrl of [avatarUrl, ...photoUrls]) {
    const response = await fetch(`${url}${photoUrl}`);
    if (response.status !== 200) throw new Error(`${photoUrl} respondeu ${response.status}`);
    photos.push({
      url: photoUrl,
      sha256: createHash("sha256")
        .update(Buffer.from(await response.arrayBuffer()))
        .digest("hex"),
    });
  }
  if (photos.length < 2)
    throw new Error(`A foto do produto não apareceu na sua página: ${productPage.slice(0, 300)}`);

  return {
    products: [
      { id: headphones, name: "Fone Bluetooth da Versão Antiga", priceCents: 24990 },
      { id: cable, name: "Cabo USB-C da Versão Antiga", priceCents: 3990 },
    ],
    customers,
    orders,
    photos,
  };
}

/**
 * The customer at the sandbox's card checkout (the page that plays Mercado Pago's): approves or
 * rejects the card, then comes back to the store's page of the order, as the checkout sends them.
 */
async function payAtSandboxCardCheckout(
  url: string,
  who: SignedIn,
  checkoutUrl: string,
  intent: "approve" | "reject",
): Promise<void> {
  const response = await post(
    url,
    cookieHeader(who),
    new URL(checkoutUrl).pathname,
    new URLSearchParams({ intent, installments: "2" }),
  );
  const back = response.headers.get("location");
  if (!back) throw new Error(`O checkout do cartão não devolveu o cliente (${response.status})`);
  await fetch(new URL(back, url), { headers: { cookie: cookieHeader(who) } });
}

/** Until the release says the order is paid (or, for `paid` false, at once): its own answer. */
async function waitForPayment(url: string, who: SignedIn, orderId: string, paid: boolean): Promise<void> {
  for (const deadline = Date.now() + 30_000; ;) {
    const answer = await fetch(`${url}/api/orders/${orderId}/payment`, {
      headers: { cookie: cookieHeader(who) },
    });
    const payment = (await answer.json()) as { paid?: boolean };
    if (payment.paid === paid) return;
    if (Date.now() > deadline)
      throw new Error(`O pedido ${orderId} não ficou ${paid ? "pago" : "em aberto"}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** An admin's action on an order's page; a refusal (`ok: false`) stops the script. */
async function adminOrderAction(url: string, admin: string, orderId: string, fields: Record<string, string>) {
  const response = await post(url, admin, `/admin/orders/${orderId}.data`, new URLSearchParams(fields));
  // The action's data, as React Router encodes it: `…,"ok",true,…`.
  const answer = await response.text();
  if (!answer.includes('"ok",true')) throw new Error(`${fields.intent} recusado: ${answer}`);
}

async function addAddress(url: string, who: SignedIn, overrides: Record<string, string>): Promise<string> {
  await post(
    url,
    cookieHeader(who),
    "/account/addresses",
    new URLSearchParams({ intent: "create", ...TEST_ADDRESS, ...overrides }),
  );
  const { enderecos } = await exportOf(url, who);
  return enderecos.find((address) => address.street === overrides.street)!.id;
}

/** The customer's 'Baixar meus dados', as the release writes it. */
async function exportOf(url: string, who: SignedIn): Promise<PersonalDataExport> {
  const response = await fetch(`${url}/account/data`, { headers: { cookie: cookieHeader(who) } });
  return (await response.json()) as PersonalDataExport;
}

async function createProduct(
  url: string,
  admin: string,
  fields: { name: string; price: string; category: string; stock: string; photo?: Buffer },
): Promise<number> {
  const form = new FormData();
  const { photo, ...rest } = fields;
  for (const [name, value] of Object.entries({
    intent: "create",
    description: "Da versão antiga.",
    ...rest,
  })) {
    form.append(name, value);
  }
  if (photo) form.append("imageFile", new File([new Uint8Array(photo)], "foto.png", { type: "image/png" }));
  else form.append("imageUrl", "/placeholder.svg");
  await post(url, admin, "/admin/products/new.data", form);
  const list = await (
    await fetch(`${url}/admin/products?q=${encodeURIComponent(fields.name)}`, { headers: { cookie: admin } })
  ).text();
  const id = /href="\/admin\/products\/(\d+)"/.exec(list)?.[1];
  if (!id) throw new Error(`O produto ${fields.name} não foi criado: ${list.slice(0, 300)}`);
  return Number(id);
}

async function post(
  url: string,
  cookie: string,
  pathname: string,
  body: FormData | URLSearchParams,
): Promise<Response> {
  const response = await fetch(`${url}${pathname}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      cookie,
      Origin: url,
      "X-Forwarded-For": randomClientIp(),
    },
  });
  if (response.status >= 400)
    throw new Error(`${pathname} respondeu ${response.status}: ${await response.text()}`);
  return response;
}

await main();
