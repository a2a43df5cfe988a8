/** The password reset pages' answers, shown by the pages and given by the server. */

/** The same answer whether or not an account has the address: the form tells nobody which exist. */
export const RESET_REQUESTED =
  "Se houver uma conta com este e-mail, enviaremos um link para criar uma nova senha. Confira sua caixa de entrada e o spam.";

export const INVALID_RESET_LINK =
  "Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo link.";
