import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { panelOverHttp, STORE_ADMIN_ENV, type PanelOverHttp } from "../support/admin-over-http";
import { randomClientIp } from "../support/browser";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// The panel's CSV export and import against the started store: only an admin past the gate
// reaches them, and what is imported shows on the storefront at once.

const started = setUpStartedStore({ SEED_DEMO: "false", ...STORE_ADMIN_ENV });
let panel: PanelOverHttp;

beforeAll(async () => {
  panel = await panelOverHttp(started.store.url);
});

const HEADER =
  "handle;nome;descricao;categoria;marca;opcao1_nome;opcao1_valor;opcao2_nome;opcao2_valor;opcao3_nome;opcao3_valor;sku;preco;preco_de;estoque;ativo;gtin;imagens;especificacoes;peso_g;altura_cm;largura_cm;comprimento_cm";

function csvForm(intent: string, lines: string[]): FormData {
  const form = new FormData();
  form.append("intent", intent);
  form.append(
    "csvFile",
    new File([`${[HEADER, ...lines].join("\r\n")}\r\n`], "produtos.csv", { type: "text/csv" }),
  );
  return form;
}

const page = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(started.store.url, path, { headers: { "X-Forwarded-For": randomClientIp(), ...headers } });

describe("the products CSV over HTTP", () => {
  it("imports through the panel's action, checked first, and the storefront shows the product", async () => {
    const marker = `Fone CSV ${Date.now()}`;
    const lines = [
      `fone;${marker};Sem fio;Áudio;Som Bom;Cor;Preto;;;;;FONE-${Date.now()}-P;199,90;249,90;4;sim;;;Bateria: 30 h;;;;`,
      `fone;${marker};Sem fio;Áudio;Som Bom;Cor;Branco;;;;;FONE-${Date.now()}-B;219,90;;2;sim;;;;;;;`,
    ];
    const checked = await panel.post("/admin/products.data", csvForm("csv-check", lines));
    expect(await checked.text()).toContain("Verificado, nada gravado ainda: 1 produto novo");
    const search = `/catalog?q=${encodeURIComponent(marker)}`;
    const NONE_FOUND = "Nenhum produto encontrado com os filtros selecionados";
    expect((await page(search)).body).toContain(NONE_FOUND);

    const imported = await panel.post("/admin/products.data", csvForm("csv-import", lines));
    expect(await imported.text()).toContain(
      "Importado: 1 produto novo, 0 produtos atualizados, 2 variantes.",
    );
    const id = /href="\/admin\/products\/(\d+)"/.exec(
      (await page(`/admin/products?q=${encodeURIComponent(marker)}`, { cookie: panel.cookie })).body,
    )?.[1];
    expect(id).toBeDefined();
    // The catalogue's cached answer follows the import at once.
    expect((await page(search)).body).not.toContain(NONE_FOUND);
    const product = await page(`/product/${id}`);
    expect(product.body).toContain(marker);

    const exported = await page("/admin/products/export.csv", { cookie: panel.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers["content-disposition"]).toBe('attachment; filename="produtos.csv"');
    expect(exported.body).toContain(`${marker};Sem fio;Áudio;Som Bom;Cor;Preto`);
  });

  it("answers the rows' errors with their lines, importing nothing", async () => {
    const refused = await panel.post(
      "/admin/products.data",
      csvForm("csv-import", [`x;Produto X;;Teste;;;;;;;;X-${Date.now()};12,3,4;;1;sim;;;;;;;`]),
    );
    expect(await refused.text()).toContain('Linha 2: Preço inválido \\"12,3,4\\"');
  });

  it("is refused to a visitor and to a customer", async () => {
    const marker = `Proibido ${Date.now()}`;
    const line = `p;${marker};;Teste;;;;;;;;P-${Date.now()};10;;1;sim;;;;;;;`;
    const customer = await signUpCustomer(started.store.url);
    for (const cookie of ["", cookieHeader(customer)]) {
      const exported = await page("/admin/products/export.csv", { cookie });
      expect(exported.status, cookie).not.toBe(200);
      expect(exported.body).not.toContain("handle;nome");
      const imported = await fetch(`${started.store.url}/admin/products.data`, {
        method: "POST",
        body: csvForm("csv-import", [line]),
        redirect: "manual",
        headers: { cookie, Origin: started.store.url, "X-Forwarded-For": randomClientIp() },
      });
      expect(imported.status, cookie).not.toBe(200);
    }
    const list = await page(`/admin/products?q=${encodeURIComponent(marker)}`, { cookie: panel.cookie });
    expect(list.body).toContain("Nenhum produto encontrado");
  });
});
