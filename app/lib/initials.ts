/** Up to two letters for an avatar: first and last name's initials, else the e-mail's first letter. */
export function initials(name: string | null | undefined, email = ""): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return (email.trim()[0] ?? "?").toUpperCase();
  const first = words[0]![0]!;
  const last = words.length > 1 ? words.at(-1)![0]! : "";
  return (first + last).toUpperCase();
}
