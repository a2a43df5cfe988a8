import { z } from "./zod";

/**
 * Control characters but tab and a textarea's line ends (CR, LF): PostgreSQL refuses the NUL byte,
 * and the others are invisible on a page and break a CSV file or an e-mail.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE = "Remova os caracteres de controle (invisíveis) do texto";

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** Text typed into a form or a file's cell: a string with no control character, or its message. */
export function typedText() {
  return z.string().refine((text) => !hasControlCharacter(text), CONTROL_CHARACTER_MESSAGE);
}
