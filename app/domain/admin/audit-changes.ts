import { formatBRL } from "../../lib/money";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../orders/order-lifecycle";
import { formatPercent } from "../payments/payment-prices";

/** The recorded fields an owner reads in the audit log, in their words. */
const FIELD_LABELS: Record<string, string> = {
  status: "Status",
  reason: "Motivo",
  trackingCode: "Código de rastreio",
  carrier: "Transportadora",
  refundedCents: "Total reembolsado",
  refundId: "Reembolso",
  paymentId: "Pagamento",
  amountCents: "Valor",
  lines: "Itens devolvidos",
  restock: "Devolvidos ao estoque",
  role: "Permissão",
  name: "Nome",
  description: "Descrição",
  category: "Categoria",
  brand: "Marca",
  image: "Imagem principal",
  options: "Opções",
  specs: "Ficha técnica",
  variants: "Variantes",
  productId: "Produto",
  imageUrl: "Imagem",
  displayOrder: "Posição",
  order: "Ordem das imagens",
  shownWith: "Mostrada com",
  // Configurações da loja, as its forms name them.
  heroTitle: "Título do destaque",
  heroSubtitle: "Subtítulo do destaque",
  heroButton: "Texto do botão",
  resellerText: "Texto da página Revendedor Oficial",
  banner: "Banner",
  logo: "Logo",
  primaryColor: "Cor principal",
  featuredProductIds: "Produtos em destaque",
  companyName: "Razão social",
  cnpj: "CNPJ",
  stateRegistration: "Inscrição estadual",
  address: "Endereço",
  sacEmail: "E-mail do SAC",
  sacPhone: "Telefone do SAC",
  dpoName: "Encarregado de dados (LGPD): nome",
  dpoEmail: "Encarregado de dados (LGPD): e-mail",
  supportEmail: "E-mail de atendimento",
  whatsappNumber: "WhatsApp",
  instagramUrl: "Instagram",
  facebookUrl: "Facebook",
  youtubeUrl: "YouTube",
  tiktokUrl: "TikTok",
  mercadoLivreUrl: "Mercado Livre",
  amazonUrl: "Amazon",
  magaluUrl: "Magalu",
  shopeeUrl: "Shopee",
  pixDiscountBasisPoints: "Desconto no PIX",
  minInstallmentCents: "Parcela mínima",
  maxInstallments: "Parcelas no cartão (máximo)",
  installmentsWithoutInterest: "Parcelas sem juros",
  monthlyInterestBasisPoints: "Juros ao mês",
  deliveryDays: "Prazo de entrega (dias úteis)",
  warrantyMonths: "Garantia (meses)",
  freeReturnDays: "Devolução grátis (dias)",
  officialReseller: "Revendedor oficial",
  mode: "Frete",
  provider: "Cotação por",
  originCep: "CEP de origem",
  services: "Serviços oferecidos",
  handlingDays: "Dias de manuseio",
  feeCents: "Taxa fixa no frete",
  feeBasisPoints: "Taxa percentual no frete",
  freeOverCents: "Frete grátis a partir de",
  freeRegions: "Frete grátis para",
  freeService: "Serviço com frete grátis",
  defaultParcel: "Embalagem padrão",
  table: "Tabela de frete",
  weightGrams: "Peso (g)",
  heightCm: "Altura (cm)",
  widthCm: "Largura (cm)",
  lengthCm: "Comprimento (cm)",
  // Cupons.
  code: "Código",
  kind: "Tipo",
  value: "Valor (% em centésimos ou centavos)",
  active: "Ativo",
  startsAt: "Início",
  endsAt: "Fim",
  minSubtotalCents: "Subtotal mínimo",
  maxUses: "Usos no total",
  maxUsesPerCustomer: "Usos por cliente",
  firstPurchaseOnly: "Só na primeira compra",
  pixOnly: "Só no PIX",
  only: "Vale só para",
  except: "Não vale para",
  onSaleItems: "Vale para itens em promoção",
  addsToPixDiscount: "Soma ao desconto PIX",
  privacy: "Política de privacidade",
  terms: "Termos de uso",
  returns: "Política de trocas e devoluções",
};

const ROLE_LABELS: Record<string, string> = { admin: "administrador", user: "cliente" };

/** A recorded value as the owner reads it: amounts in reais, statuses and roles by their labels. */
function valueText(field: string, value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number" && field.endsWith("Cents")) return formatBRL(value);
  if (typeof value === "number" && field.endsWith("BasisPoints")) return formatPercent(value);
  if (field === "status" && typeof value === "string" && Object.hasOwn(ORDER_STATUS_LABELS, value)) {
    return ORDER_STATUS_LABELS[value as OrderStatus];
  }
  if (field === "role" && typeof value === "string") return ROLE_LABELS[value] ?? value;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * One line per field an admin's write changed, `Campo: antes → depois`, in the owner's words
 * (amounts in reais, rates in percent, statuses and roles by their labels); a field the log has
 * no label for keeps its recorded name.
 */
export function describeChanges(before: unknown, after: unknown): string[] {
  const asRecord = (value: unknown) =>
    value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const old = asRecord(before);
  const now = asRecord(after);
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map(
      (field) =>
        `${FIELD_LABELS[field] ?? field}: ${valueText(field, old[field])} → ${valueText(field, now[field])}`,
    );
}
