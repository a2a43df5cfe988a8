import { expect } from "vitest";

/** Asserts that the database refused a write because of the named constraint. */
export async function expectConstraintViolation(write: Promise<unknown>, constraint: string): Promise<void> {
  const error = await write.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, `a escrita deveria violar ${constraint}`).not.toBeNull();
  const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
  const reported = cause?.constraint ?? cause?.message ?? String(error);
  expect(reported).toContain(constraint);
}
