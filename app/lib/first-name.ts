/** The first of a person's names as typed ('Maria' of ' Maria Silva '); empty when there is none. */
export function firstName(fullName: string | null | undefined): string {
  return fullName?.trim().split(/\s+/)[0] ?? "";
}
