import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { currentStoreSettings } from "../../app/domain/store-settings/store-settings.server";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard";
import {
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
  type FileStorage,
} from "../../app/storage/file-storage.server";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import {
  settingsAudit,
  settingsForms,
  settingsPage,
  storedSections,
  type SettingsFields,
} from "../support/admin-settings";
import { createProduct } from "../support/factories";
import { setUpTestStore, signUpInStore } from "../support/test-context";

const store = setUpTestStore();
let admin: TestAdmin;
let page: ReturnType<typeof settingsPage>;

beforeAll(async () => {
  admin = await signedInAdmin(store.context);
  page = settingsPage(store.context, admin);
});

const REFUSED_IMAGE = "Envie uma imagem JPEG, PNG, WebP ou GIF de até 5 MB";
const LOW_CONTRAST = "Cor muito clara: o texto branco dos botões fica ilegível (contraste mínimo 4,5:1)";

const png = (width = 600, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** Posts a refused form and checks that nothing was stored nor audited. */
async function expectRefused(fields: SettingsFields, errors: Record<string, string>) {
  const sectionsBefore = await storedSections(store.context);
  const auditBefore = (await settingsAudit(store.context)).length;
  const answer = await page.post(fields);
  expect(answer).toMatchObject({ intent: fields.intent, ok: false, errors });
  expect(await storedSections(store.context)).toEqual(sectionsBefore);
  expect(await settingsAudit(store.context)).toHaveLength(auditBefore);
  return answer;
}

async function storedFile(url: string) {
  return readFile(path.join(store.context.env.DATA_DIR, url.replace(/^\//, "")));
}

async function dashboardChecklist() {
  const dashboard = await dashboardLoader({
    request: adminRequest(admin, "/admin"),
    context: store.context,
    params: {},
  } as Parameters<typeof dashboardLoader>[0]);
  return dashboard.storeSetup.filter((step) => !step.done).map((step) => step.section);
}

// First: a new store, where the owner has saved nothing yet.
describe("the dashboard's checklist 'Complete os dados da loja'", () => {
  it("lists identity, legal details and contacts until each is saved, then nothing", async () => {
    expect(await dashboardChecklist()).toEqual(["identity", "legal", "contacts"]);
    expect(await page.post(settingsForms.identity())).toEqual({ intent: "identity", ok: true });
    expect(await page.post(settingsForms.legal())).toEqual({ intent: "legal", ok: true });
    expect(await dashboardChecklist()).toEqual(["contacts"]);
    expect(await page.post(settingsForms.contacts())).toEqual({ intent: "contacts", ok: true });
    expect(await dashboardChecklist()).toEqual([]);
  });
});

describe("a save of each section", () => {
  it.each([
    ["identity", settingsForms.identity({ name: "Loja Nova" })],
    ["legal", settingsForms.legal({ cnpj: "12.ABC.345/01DE-35" })],
    ["contacts", settingsForms.contacts({ instagramUrl: "" })],
    ["home", settingsForms.home()],
    ["policies", settingsForms.policies()],
    ["delivery", settingsForms.delivery({ deliveryDays: "12" })],
    ["payment", settingsForms.payment()],
    ["promises", settingsForms.promises()],
  ])("of %s is stored, shown at once and audited once", async (section, form) => {
    const auditBefore = (await settingsAudit(store.context)).length;
    expect(await page.post(form)).toEqual({ intent: section, ok: true });
    const audit = await settingsAudit(store.context);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit[0]).toMatchObject({
      action: "store_settings.update",
      targetId: section,
      adminId: admin.id,
      adminEmail: admin.email,
    });
    const { settings, saved } = await currentStoreSettings(store.context.db, store.context.env);
    expect(saved.has(section as never)).toBe(true);
    expect((await page.view()).settings).toEqual(settings);
  });

  it("keeps the values typed: the CNPJ without its mask, an empty link as none, the days as a number", async () => {
    await page.post(settingsForms.legal({ cnpj: "12.abc.345/01de-35", stateRegistration: "" }));
    await page.post(settingsForms.contacts({ instagramUrl: "", facebookUrl: "https://facebook.com/ana" }));
    await page.post(settingsForms.delivery({ deliveryDays: "9" }));
    const { settings } = await page.view();
    expect(settings.legal).toMatchObject({ cnpj: "12ABC34501DE35", stateRegistration: null });
    expect(settings.legal.address).toMatchObject({ cep: "01310100", complement: "Sala 4" });
    expect(settings.contacts).toMatchObject({
      whatsappNumber: "5511988887777",
      instagramUrl: null,
      facebookUrl: "https://facebook.com/ana",
    });
    expect(settings.delivery).toEqual({ deliveryDays: 9 });
  });

  it("keeps the promises as numbers, an unticked 'revendedor oficial' as no", async () => {
    const { officialReseller: _unticked, ...form } = settingsForms.promises({ warrantyMonths: "0" });
    expect(await page.post(form)).toEqual({ intent: "promises", ok: true });
    expect((await page.view()).settings.promises).toEqual({
      warrantyMonths: 0,
      freeReturnDays: 15,
      officialReseller: false,
    });
  });

  it("keeps the payment rules as integers: percentages in basis points, reais in centavos", async () => {
    await page.post(
      settingsForms.payment({
        pixDiscountBasisPoints: "7,5",
        minInstallmentCents: "R$ 10,50",
        monthlyInterestBasisPoints: "1.99",
      }),
    );
    const { settings } = await page.view();
    expect(settings.payment).toEqual({
      pixDiscountBasisPoints: 750,
      maxInstallments: 12,
      installmentsWithoutInterest: 10,
      minInstallmentCents: 1050,
      monthlyInterestBasisPoints: 199,
    });
  });
});

describe("a refused value", () => {
  it("an invalid CNPJ: 'CNPJ inválido' at its field, the values typed kept, nothing saved", async () => {
    const answer = await expectRefused(
      settingsForms.legal({ cnpj: "11.222.333/0001-80", companyName: "Outra" }),
      {
        cnpj: "CNPJ inválido",
      },
    );
    expect(answer.values).toMatchObject({ cnpj: "11.222.333/0001-80", companyName: "Outra" });
  });

  it("an address refused at its own fields", async () => {
    await expectRefused(settingsForms.legal({ cep: "123", state: "XX" }), {
      cep: "CEP inválido",
      state: "UF inválida",
    });
  });

  it.each(["#ffff00", "#ffffff", "#40c0ff"])(
    "a colour too light for white text (%s), at its field",
    async (colour) => {
      await expectRefused(settingsForms.identity({ primaryColor: colour }), { primaryColor: LOW_CONTRAST });
    },
  );

  it("a link that is not https, a WhatsApp number without DDI, at their fields", async () => {
    await expectRefused(
      settingsForms.contacts({ instagramUrl: "javascript:alert(1)", whatsappNumber: "98888-7777" }),
      {
        instagramUrl: "Informe uma URL https:// válida",
        whatsappNumber: "WhatsApp inválido: informe DDI, DDD e número, ex.: +55 11 99999-9999",
      },
    );
  });

  it("a delivery estimate out of 1 to 90 days", async () => {
    await expectRefused(settingsForms.delivery({ deliveryDays: "0" }), {
      deliveryDays: "O prazo deve ser de 1 a 90 dias",
    });
  });

  it("a free return shorter than the law's 7 days, a warranty that is not a number", async () => {
    await expectRefused(settingsForms.promises({ freeReturnDays: "3" }), {
      freeReturnDays:
        "A devolução grátis deve ser de pelo menos 7 dias, o prazo de arrependimento do CDC (ou 0 para não anunciar)",
    });
    await expectRefused(settingsForms.promises({ warrantyMonths: "doze" }), {
      warrantyMonths: "Informe a garantia em meses (0 para não anunciar)",
    });
  });

  it("payment rules out of their ranges, each at its field", async () => {
    await expectRefused(settingsForms.payment({ minInstallmentCents: "cinco" }), {
      minInstallmentCents: "Informe a parcela mínima em reais, ex.: 5,00",
    });
    await expectRefused(
      settingsForms.payment({
        pixDiscountBasisPoints: "50,01",
        maxInstallments: "25",
        monthlyInterestBasisPoints: "10,5",
      }),
      {
        pixDiscountBasisPoints: "O desconto no PIX deve ser de 0% a 50%",
        maxInstallments: "O máximo de parcelas deve ser de 1 a 24",
        monthlyInterestBasisPoints: "Os juros devem ser de 0% a 10% ao mês",
      },
    );
    await expectRefused(settingsForms.payment({ maxInstallments: "6", installmentsWithoutInterest: "10" }), {
      installmentsWithoutInterest: "As parcelas sem juros não podem passar do máximo de parcelas",
    });
    await expectRefused(settingsForms.payment({ pixDiscountBasisPoints: "5,125" }), {
      pixDiscountBasisPoints: "Informe o desconto em %, ex.: 5 ou 7,5",
    });
  });

  it("a featured product that does not exist, or a code that is not a number", async () => {
    const product = await createProduct(store.database.db);
    await expectRefused(settingsForms.home({ featuredProductId: [String(product.id), "999999"] }), {
      featuredProductIds: "Produto não encontrado: código 999999",
    });
    await expectRefused(settingsForms.home({ featuredProductId: ["mouse"] }), {
      featuredProductIds: "Informe o código (ID) numérico do produto",
    });
    await expectRefused(
      settingsForms.home({ featuredProductId: [String(product.id), "", String(product.id)] }),
      { featuredProductIds: "Um produto aparece duas vezes" },
    );
  });
});

describe("the featured products", () => {
  it("are kept in the order of the slots, empty slots skipped, with their names on the page", async () => {
    const first = await createProduct(store.database.db, { name: "Primeiro destaque" });
    const second = await createProduct(store.database.db, { name: "Segundo destaque" });
    expect(
      await page.post(settingsForms.home({ featuredProductId: [String(second.id), "", ` ${first.id} `] })),
    ).toEqual({ intent: "home", ok: true });
    const view = await page.view();
    expect(view.settings.home.featuredProductIds).toEqual([second.id, first.id]);
    expect(view.featuredProducts).toEqual([
      { id: second.id, name: "Segundo destaque" },
      { id: first.id, name: "Primeiro destaque" },
    ]);
  });
});

describe("a policy text with HTML", () => {
  it("is stored as the text typed, never cleaned into something else, and the save is audited", async () => {
    // A browser sends a text area's line breaks as CRLF.
    const returns = 'Devoluções em 30 dias.\r\n\r\n<script>alert("x")</script><img src=x onerror=alert(1)>';
    expect(await page.post(settingsForms.policies({ returns }))).toEqual({ intent: "policies", ok: true });
    expect((await storedSections(store.context)).policies).toMatchObject({ returns });
    const [record] = await settingsAudit(store.context);
    expect(record).toMatchObject({ targetId: "policies", after: { returns } });
  });
});

describe("the logo", () => {
  it("refuses what is not a picture by its content, saving nothing", async () => {
    await expectRefused(
      { intent: "logo", logo: file("não sou uma imagem", "logo.png", "image/png") },
      {
        logo: REFUSED_IMAGE,
      },
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    await expectRefused(
      { intent: "logo", logo: file(svg, "logo.svg", "image/svg+xml") },
      { logo: REFUSED_IMAGE },
    );
    await expectRefused({ intent: "logo" }, { logo: REFUSED_IMAGE });
  });

  it("keeps a picture re-encoded as WebP, makes the favicon from it, and removes both", async () => {
    expect(
      await page.post({ intent: "logo", logo: file(await png(1200, 400), "logo.png", "image/png") }),
    ).toEqual({
      intent: "logo",
      ok: true,
    });
    const { logoUrl, faviconUrl } = (await page.view()).settings.logo;
    expect(logoUrl).toMatch(/^\/uploads\/store\/logo-[0-9a-f]+\.webp$/);
    expect(faviconUrl).toMatch(/^\/uploads\/store\/favicon-[0-9a-f]+\.png$/);
    expect(await sharp(await storedFile(logoUrl!)).metadata()).toMatchObject({
      format: "webp",
      width: 640,
      height: 213,
    });
    expect(await sharp(await storedFile(faviconUrl!)).metadata()).toMatchObject({
      format: "png",
      width: 180,
      height: 180,
    });
    expect((await settingsAudit(store.context))[0]).toMatchObject({
      targetId: "logo",
      after: { logoUrl, faviconUrl },
    });

    expect(await page.post({ intent: "logo-remove" })).toEqual({ intent: "logo-remove", ok: true });
    expect((await page.view()).settings.logo).toEqual({ logoUrl: null, faviconUrl: null });
  });

  it("says the storage is unavailable, saving nothing, when the photo cannot be stored", async () => {
    const down: FileStorage = {
      put: () => Promise.reject(new StorageUnavailableError()),
      delete: () => Promise.reject(new StorageUnavailableError()),
    };
    const refusing = settingsPage({ ...store.context, storage: down }, admin);
    const before = await storedSections(store.context);
    expect(await refusing.post({ intent: "logo", logo: file(await png(), "logo.png", "image/png") })).toEqual(
      {
        intent: "logo",
        ok: false,
        errors: { logo: STORAGE_UNAVAILABLE },
      },
    );
    expect(await storedSections(store.context)).toEqual(before);
  });
});

describe("the banner", () => {
  it("is kept at most 1920 px wide, refused when not a picture, and removed", async () => {
    await expectRefused(
      { intent: "banner", banner: file("GIF89a<script>", "b.gif", "image/gif") },
      {
        banner: REFUSED_IMAGE,
      },
    );
    expect(
      await page.post({ intent: "banner", banner: file(await png(2400, 600), "b.png", "image/png") }),
    ).toEqual({
      intent: "banner",
      ok: true,
    });
    const { bannerUrl } = (await page.view()).settings.banner;
    expect(bannerUrl).toMatch(/^\/uploads\/store\/banner-[0-9a-f]+\.webp$/);
    expect(await sharp(await storedFile(bannerUrl!)).metadata()).toMatchObject({
      format: "webp",
      width: 1920,
    });
    expect(await page.post({ intent: "banner-remove" })).toEqual({ intent: "banner-remove", ok: true });
    expect((await page.view()).settings.banner).toEqual({ bannerUrl: null });
  });
});

describe("who may change the settings", () => {
  it("sends a customer away and refuses an admin who has not passed the gate, saving nothing", async () => {
    const before = await storedSections(store.context);
    const customer = await signUpInStore(store);
    const asCustomer = settingsPage(store.context, customer);
    const customerAnswer = await asCustomer
      .post(settingsForms.identity({ name: "Invasor" }))
      .catch((thrown) => thrown);
    expect(customerAnswer).toBeInstanceOf(Response);
    expect((customerAnswer as Response).headers.get("location")).toBe("/");
    await expect(asCustomer.view()).rejects.toBeInstanceOf(Response);

    const ungated = settingsPage(store.context, await signedInAdmin(store.context, { gate: false }));
    const ungatedAnswer = await ungated
      .post(settingsForms.identity({ name: "Sem portão" }))
      .catch((thrown) => thrown);
    expect(ungatedAnswer).toMatchObject({ init: { status: 403 } });
    await expect(ungated.view()).rejects.toMatchObject({ init: { status: 403 } });

    const signedOut = settingsPage(store.context, { cookie: "" });
    const signedOutAnswer = await signedOut
      .post(settingsForms.identity({ name: "Anônimo" }))
      .catch((thrown) => thrown);
    expect((signedOutAnswer as Response).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

    expect(await storedSections(store.context)).toEqual(before);
  });

  it("answers an unknown intent with 400", async () => {
    await expect(page.post({ intent: "everything" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});
