import { z } from "../../lib/zod";
import { typedText } from "../../lib/typed-text";

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2_000;
export const REVIEW_REPLY_MAX = 2_000;

export const REVIEW_MESSAGES = {
  rating: "Escolha de 1 a 5 estrelas",
  title: "Dê um título à sua avaliação",
  titleTooLong: `O título deve ter até ${REVIEW_TITLE_MAX} caracteres`,
  body: "Conte o que achou do produto",
  bodyTooLong: "O texto deve ter até 2.000 caracteres",
  markup: "Escreva sem HTML: tire os sinais < e >",
  reply: "Escreva a resposta da loja",
  replyTooLong: "A resposta deve ter até 2.000 caracteres",
  notBuyer: "Só quem comprou este produto numa compra paga pode avaliá-lo.",
  alreadyReviewed: "Você já avaliou este produto. Edite sua avaliação em Minhas Avaliações.",
  notFound: "Avaliação não encontrada.",
  saved: "Avaliação enviada! Ela aparece no produto depois de aprovada pela loja.",
  published: "Avaliação publicada!",
  deleted: "Avaliação excluída.",
} as const;

/**
 * Plain text only: a review is shown as text, never as markup, so what looks like a tag is refused
 * rather than shown with its brackets to other shoppers.
 */
const plainText = (min: string, max: number, tooLong: string) =>
  typedText()
    .trim()
    .min(1, min)
    .max(max, tooLong)
    .refine((text) => !/[<>]/.test(text), REVIEW_MESSAGES.markup);

/** The form a customer fills: 1 to 5 stars, a title and a text. */
export const reviewFormSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  title: plainText(REVIEW_MESSAGES.title, REVIEW_TITLE_MAX, REVIEW_MESSAGES.titleTooLong),
  body: plainText(REVIEW_MESSAGES.body, REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyTooLong),
});

export type ReviewForm = z.output<typeof reviewFormSchema>;

/** The store's public answer to a review. */
export const reviewReplySchema = plainText(
  REVIEW_MESSAGES.reply,
  REVIEW_REPLY_MAX,
  REVIEW_MESSAGES.replyTooLong,
);

/** How a product's reviews are listed: newest first, or most marked 'Útil' first. */
export const REVIEW_ORDERS = { recentes: "Mais recentes", uteis: "Mais úteis" } as const;
export type ReviewOrder = keyof typeof REVIEW_ORDERS;
export const REVIEW_ORDER_PARAM = "avaliacoes";

export function reviewOrderOf(params: URLSearchParams): ReviewOrder {
  return params.get(REVIEW_ORDER_PARAM) === "uteis" ? "uteis" : "recentes";
}
