/** What the product pages' actions answer to their forms. */
export interface ProductActionData {
  intent:
    | "create"
    | "update"
    | "delete"
    | "gallery-add"
    | "gallery-remove"
    | "gallery-move"
    | "gallery-show"
    | "csv-check"
    | "csv-import";
  ok: boolean;
  /** The product created or changed. */
  productId?: number;
  /** A refusal not tied to a field. */
  message?: string;
  /** Messages by field name, shown at the field. */
  errors?: Record<string, string>;
  /** A CSV file's problems, each with its line. */
  lines?: string[];
}

/**
 * The query a created product's page opens with: creating redirects there (a plain form too), and
 * the page shows the creation's toast.
 */
export const CREATED_PARAM = "criado";

/** The spec's toasts for each answer. */
export const PRODUCT_TOASTS: Record<ProductActionData["intent"], { success: string; failure: string }> = {
  create: { success: "Produto criado com sucesso!", failure: "Erro ao criar produto" },
  update: { success: "Produto atualizado com sucesso!", failure: "Erro ao atualizar produto" },
  delete: { success: "Produto deletado com sucesso!", failure: "Erro ao deletar produto" },
  "gallery-add": { success: "Imagem adicionada com sucesso!", failure: "Erro ao adicionar imagem" },
  "gallery-remove": { success: "Imagem removida com sucesso!", failure: "Erro ao remover imagem" },
  "gallery-move": { success: "Ordem das imagens atualizada!", failure: "Erro ao reordenar imagens" },
  "gallery-show": { success: "Imagem atualizada!", failure: "Erro ao atualizar imagem" },
  "csv-check": { success: "Arquivo verificado: pode importar", failure: "O arquivo tem erros" },
  "csv-import": {
    success: "Produtos importados com sucesso!",
    failure: "Nada foi importado: o arquivo tem erros",
  },
};
