/**
 * What a use case of the domain answers, one shape for all: done, with what it gives back, or
 * refused, with why in pt-BR (the message a page shows) and what else the refusal carries (a
 * field, an HTTP status, a code a caller branches on).
 */
export type Outcome<Done extends object = object, Refused extends object = object> =
  ({ ok: true } & Done) | ({ ok: false; message: string } & Refused);
