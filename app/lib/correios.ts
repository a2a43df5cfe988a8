/** Where a customer follows a parcel on the Correios site. */
export function correiosTrackingUrl(code: string): string {
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}`;
}
