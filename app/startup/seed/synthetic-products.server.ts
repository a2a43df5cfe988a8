import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { insertDefaultVariants } from "../../domain/catalog/default-variants.server";

const BATCH_SIZE = 2_000;

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

/**
 * Adds `count` synthetic products for scale tests (`npm run db:seed -- --products N`), in
 * multi-row batches. Images are borrowed from the store's existing products of the same category.
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
      const priceCents =
        Math.round((line.minCents + random() * (line.maxCents - line.minCents)) / 100) * 100 - 10;
      const number = done + index + 1;
      return {
        name: `${pick(line.kinds)} ${pick(SERIES)} ${number} ${pick(VARIANTS)}`,
        description: `Produto sintético nº ${number} da categoria ${category}, gerado para testes de escala.`,
        priceCents,
        priceMaxCents: priceCents,
        category,
        stock: Math.floor(random() * 200),
        image: images.get(category) ? pick(images.get(category)!) : "/placeholder.svg",
      };
    });
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(products)
        .values(rows.map(({ stock: _stock, ...product }) => product))
        .returning({ id: products.id });
      await insertDefaultVariants(
        tx,
        created.map(({ id }, index) => ({
          productId: id,
          priceCents: rows[index]!.priceCents,
          stock: rows[index]!.stock,
        })),
      );
    });
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
