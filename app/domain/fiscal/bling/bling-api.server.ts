import { z } from "../../../lib/zod";
import type { ProviderCall } from "../../payments/provider-http.server";
import {
  blingRefusal,
  callBling,
  reaisOf,
  type BlingTransport,
  type RequestSpacing,
} from "./bling-http.server";

export interface BlingContact {
  nome: string;
  /** CPF (digits) or CNPJ (digits, or upper-case letters and digits since July 2026), unmasked. */
  numeroDocumento: string;
  tipo: "F" | "J";
  email: string;
  telefone?: string;
  ie?: string;
  /** 1 contribuinte, 2 isento, 9 não contribuinte. */
  indicadorIe: 1 | 2 | 9;
  endereco: {
    endereco: string;
    numero: string;
    complemento: string;
    bairro: string;
    cep: string;
    municipio: string;
    uf: string;
  };
}

export interface BlingSalesOrder {
  /** The store's own order number: how a sales order already sent is found again. */
  numeroLoja: string;
  /** YYYY-MM-DD */
  data: string;
  contatoId: number;
  itens: {
    codigo: string;
    descricao: string;
    quantidade: number;
    /** The unit's price as listed; the order's discounts go in `descontoCents`, whole. */
    valorCents: number;
  }[];
  freteCents: number;
  /** The carrier's name. */
  transportador?: string;
  parcelas: { dataVencimento: string; valorCents: number; formaPagamentoId?: number; observacoes?: string }[];
  descontoCents: number;
  observacoes?: string;
}

export interface BlingInvoice {
  id: number;
  numero: string;
  serie: string;
  chaveAcesso: string | null;
  /** Bling's NF-e situation: 1 pendente, 5 autorizada, 4 rejeitada… */
  situacao: number;
  dataEmissao: string | null;
  xmlUrl: string | null;
  /** `linkDanfe`, else `linkPDF`. */
  danfeUrl: string | null;
}

const id = z.number().int().positive();
const created = z.object({ data: z.object({ id }) });
const found = z.object({
  data: z.array(z.object({ id, numeroDocumento: z.string().nullish(), numeroLoja: z.string().nullish() })),
});
// Bling's documentation and integrations disagree on where gerar-nfe puts the NF-e's id.
const generated = z.union([
  z.object({ data: z.object({ idNotaFiscal: id }) }).transform((answer) => answer.data.idNotaFiscal),
  z.object({ idNotaFiscal: id }).transform((answer) => answer.idNotaFiscal),
  z.object({ data: z.object({ id }) }).transform((answer) => answer.data.id),
]);
const orderRead = z.object({
  data: z.object({ notaFiscal: z.object({ id: z.number().int().nonnegative() }).nullish() }),
});
const text = z.union([z.string(), z.number()]).transform(String);
const link = z
  .string()
  .nullish()
  .transform((value) => value || null);
const invoiceRead = z.object({
  data: z.object({
    id,
    numero: text,
    serie: text,
    chaveAcesso: link,
    situacao: z.number().int(),
    dataEmissao: link,
    xml: link,
    linkDanfe: link,
    linkPDF: link,
  }),
});
const anything = z.unknown();

/** Bling's API v3 for one account (its access token), as the fiscal hand-off uses it. */
export function createBlingApi(options: {
  apiUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  spacing?: RequestSpacing;
}) {
  const transport: BlingTransport = {
    ...options,
    headers: { Authorization: `Bearer ${options.accessToken}` },
  };
  const send = <T>(call: ProviderCall<T>) => callBling(transport, call);
  // A taxpayer number without its mask: a CNPJ may carry letters (decision 0012).
  const unmasked = (value: string | null | undefined) =>
    (value ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();

  return {
    async findContactByDocument(document: string): Promise<number | null> {
      const wanted = unmasked(document);
      // An empty filter would list every contact of the account.
      if (!wanted) throw new Error("Bling: o contato não tem CPF nem CNPJ para ser buscado");
      const { data } = await send({
        action: "buscar o contato",
        schema: found,
        path: `/contatos?${new URLSearchParams({ numeroDocumento: wanted })}`,
      });
      // The filter is Bling's; a contact whose document says otherwise is not this customer.
      const match = data.find((c) => !c.numeroDocumento || unmasked(c.numeroDocumento) === wanted);
      return match?.id ?? null;
    },
    async createContact(contact: BlingContact): Promise<number> {
      const { telefone, ie, endereco, ...fields } = contact;
      const answer = await send({
        action: "criar o contato",
        schema: created,
        path: "/contatos",
        body: {
          ...fields,
          numeroDocumento: unmasked(contact.numeroDocumento),
          situacao: "A",
          ...(telefone ? { telefone } : {}),
          ...(ie ? { ie } : {}),
          endereco: { geral: endereco },
        },
        refusal: blingRefusal,
      });
      return answer.data.id;
    },
    async findSalesOrderByStoreNumber(numeroLoja: string): Promise<number | null> {
      const { data } = await send({
        action: "buscar o pedido de venda",
        schema: found,
        path: `/pedidos/vendas?${new URLSearchParams({ "numerosLojas[]": numeroLoja })}`,
      });
      const match = data.find((order) => !order.numeroLoja || order.numeroLoja === numeroLoja);
      return match?.id ?? null;
    },
    async createSalesOrder(order: BlingSalesOrder): Promise<number> {
      const answer = await send({
        action: "criar o pedido de venda",
        schema: created,
        path: "/pedidos/vendas",
        body: salesOrderBody(order),
        refusal: blingRefusal,
      });
      return answer.data.id;
    },
    generateInvoice(salesOrderId: number): Promise<number> {
      return send({
        action: "gerar a NF-e do pedido",
        schema: generated,
        path: `/pedidos/vendas/${salesOrderId}/gerar-nfe`,
        body: {},
        refusal: blingRefusal,
      });
    },
    async sendInvoice(invoiceId: number): Promise<void> {
      await send({
        action: "enviar a NF-e",
        schema: anything,
        path: `/nfe/${invoiceId}/enviar`,
        body: {},
        refusal: blingRefusal,
      });
    },
    async readInvoice(invoiceId: number): Promise<BlingInvoice> {
      const { data } = await send({ action: "ler a NF-e", schema: invoiceRead, path: `/nfe/${invoiceId}` });
      return {
        id: data.id,
        numero: data.numero,
        serie: data.serie,
        chaveAcesso: data.chaveAcesso,
        situacao: data.situacao,
        dataEmissao: data.dataEmissao,
        xmlUrl: data.xml,
        danfeUrl: data.linkDanfe ?? data.linkPDF,
      };
    },
    async findSalesOrderInvoice(salesOrderId: number): Promise<number | null> {
      const { data } = await send({
        action: "ler o pedido de venda",
        schema: orderRead,
        path: `/pedidos/vendas/${salesOrderId}`,
      });
      return data.notaFiscal?.id || null;
    },
    async setSalesOrderSituation(salesOrderId: number, situationId: number): Promise<void> {
      await send({
        action: "mudar a situação do pedido de venda",
        schema: anything,
        path: `/pedidos/vendas/${salesOrderId}/situacoes/${situationId}`,
        method: "PATCH",
        refusal: blingRefusal,
      });
    },
  };
}

export type BlingApi = ReturnType<typeof createBlingApi>;

function salesOrderBody(order: BlingSalesOrder) {
  return {
    numeroLoja: order.numeroLoja,
    data: order.data,
    contato: { id: order.contatoId },
    itens: order.itens.map((item) => ({
      codigo: item.codigo,
      descricao: item.descricao,
      quantidade: item.quantidade,
      valor: reaisOf(item.valorCents),
    })),
    transporte: {
      frete: reaisOf(order.freteCents),
      ...(order.transportador ? { contato: { nome: order.transportador } } : {}),
    },
    parcelas: order.parcelas.map((parcela) => ({
      dataVencimento: parcela.dataVencimento,
      valor: reaisOf(parcela.valorCents),
      ...(parcela.formaPagamentoId === undefined ? {} : { formaPagamento: { id: parcela.formaPagamentoId } }),
      ...(parcela.observacoes ? { observacoes: parcela.observacoes } : {}),
    })),
    desconto: { valor: reaisOf(order.descontoCents), unidade: "REAL" },
    ...(order.observacoes ? { observacoes: order.observacoes } : {}),
  };
}
