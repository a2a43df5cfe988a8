/** Prints a command's outcome, on stderr with exit code 1 when it failed. */
export function reportOutcome(outcome: { ok: boolean; message: string }): void {
  if (outcome.ok) {
    console.log(outcome.message);
  } else {
    console.error(outcome.message);
    process.exitCode = 1;
  }
}
