const UNITS = ["bytes", "kB", "MB", "GB", "TB"];

/** A size in bytes as a person reads it: '512 bytes', '12,3 MB' (decimal units, pt-BR digits). */
export function formatFileSize(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${digits.format(value)} ${UNITS[unit]}`;
}
