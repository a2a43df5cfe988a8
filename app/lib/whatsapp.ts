/** A WhatsApp chat link with the store's number and a prefilled message. */
export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
