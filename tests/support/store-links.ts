/** The store's pages elsewhere, as the browser suite's store is configured (global-setup). */
export const STORE_LINKS = {
  instagram: "https://www.instagram.com/vitrine.teste",
  mercadoLivre: "https://www.mercadolivre.com.br/pagina/vitrineteste",
};
