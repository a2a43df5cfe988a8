import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import type { ProductOption } from "../../domain/catalog/variants";

// Six variants a product: PostgreSQL takes up to 65,535 parameters a statement.
const BATCH_SIZE = 1_000;

const LINES: Record<string, { kinds: string[]; minCents: number; maxCents: number }> = {
  Smartphones: { kinds: ["Smartphone", "Celular"], minCents: 79_900, maxCents: 899_900 },
  Notebooks: { kinds: ["Notebook", "Ultrabook", "Notebook Gamer"], minCents: 249_900, maxCents: 1_499_900 },
  Áudio: {
    kinds: ["Fone Bluetooth", "Caixa de Som", "Headset", "Soundbar"],
    minCents: 9_990,
    maxCents: 249_900,
  },
  Monitores: {
    kinds: ["Monitor IPS", "Monitor Gamer", "Monitor Ultrawide"],
    minCents: 69_900,
    maxCents: 499_900,
  },
  Periféricos: {
    kinds: ["Teclado Mecânico", "Mouse Sem Fio", "Webcam Full HD"],
    minCents: 4_990,
    maxCents: 99_900,
  },
  Acessórios: {
    kinds: ["Carregador USB-C", "Cabo USB-C", "Power Bank", "Capa Protetora"],
    minCents: 1_990,
    maxCents: 29_990,
  },
};
const SERIES = ["Aero", "Nova", "Prime", "Vértice", "Órbita", "Pulse", "Atlas", "Zênite", "Lume", "Quasar"];
const VARIANTS = ["Preto", "Branco", "Azul", "Grafite", "Prata", "Verde", "Rosa", "Titânio"];
const BRANDS = [
  "Aurora",
  "Borealis",
  "Cometa",
  "Delta",
  "Estrela",
  "Fóton",
  "Galáxia",
  "Horizonte",
  "Íris",
  "Júpiter",
];
const COLORS = ["Preto", "Branco", "Azul"];
/** Each edition and what it adds to the price. */
const EDITIONS = [
  { name: "Padrão", markup: 1 },
  { name: "Plus", markup: 1.2 },
];
const OPTIONS: ProductOption[] = [
  { name: "Cor", values: COLORS },
  { name: "Edição", values: EDITIONS.map((edition) => edition.name) },
];

/**
 * Adds `count` synthetic products for scale tests (`npm run db:seed -- --products N`), in
 * multi-row batches, each with a brand and six variants (three colours, two editions at two
 * prices). Images are borrowed from the store's existing products of the same category.
 */
export async function seedSyntheticProducts(db: Database, count: number, seed = 1): Promise<void> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const images = await imagesByCategory(db);
  const categories = Object.keys(LINES);
  for (let done = 0; done < count; done += BATCH_SIZE) {
    const rows = Array.from({ length: Math.min(BATCH_SIZE, count - done) }, (_, index) => {
      const category = pick(categories);
      const line = LINES[category]!;
      const number = done + index + 1;
      const editionPrices = EDITIONS.map(
        (edition) =>
          Math.round(((line.minCents + random() * (line.maxCents - line.minCents)) * edition.markup) / 100) *
            100 -
          10,
      );
      const variants = COLORS.flatMap((color) =>
        EDITIONS.map((edition, editionIndex) => ({
          sku: `SINT-${number}-${color.slice(0, 2).toUpperCase()}-${editionIndex + 1}`,
          optionValues: [color, edition.name],
          priceCents: editionPrices[editionIndex]!,
          stock: Math.floor(random() * 40),
        })),
      );
      const product = {
        name: `${pick(line.kinds)} ${pick(SERIES)} ${number} ${pick(VARIANTS)}`,
        description: `Produto sintético nº ${number} da categoria ${category}, gerado para testes de escala.`,
        priceCents: Math.min(...editionPrices),
        priceMaxCents: Math.max(...editionPrices),
        category,
        brand: pick(BRANDS),
        options: OPTIONS,
        image: images.get(category) ? pick(images.get(category)!) : "/placeholder.svg",
      };
      return { product, variants };
    });
    const ids = await db
      .insert(products)
      .values(rows.map((row) => row.product))
      .returning({ id: products.id });
    await db.insert(productVariants).values(
      rows.flatMap((row, index) =>
        row.variants.map((variant, displayOrder) => ({
          ...variant,
          productId: ids[index]!.id,
          displayOrder,
        })),
      ),
    );
  }
}

async function imagesByCategory(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ category: products.category, images: sql<string[]>`array_agg(distinct ${products.image})` })
    .from(products)
    .groupBy(products.category);
  return new Map(rows.map((row) => [row.category, row.images]));
}

/** A small seeded generator: the same seed gives the same catalogue. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
