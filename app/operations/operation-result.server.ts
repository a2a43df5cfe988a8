import type { Outcome } from "../lib/outcome";

/** What a backup or a restore tells the operator: done, or refused with why (pt-BR, one line). */
export type OperationResult = Outcome<{ message: string }>;

/** An expected failure deep inside an operation, turned into `{ ok: false }` at its top. */
export class OperationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperationRefused";
  }
}

/** Runs `operation`, answering its refusal as a result; other errors stay thrown. */
export async function refusalsAsResult(operation: () => Promise<string>): Promise<OperationResult> {
  try {
    return { ok: true, message: await operation() };
  } catch (error) {
    if (error instanceof OperationRefused) return { ok: false, message: error.message };
    throw error;
  }
}
