import { storeCounters } from "../../app/config/metrics.server";
import type { ServerContext } from "../../app/context.server";
import { catalogShownText } from "../../app/domain/catalog/catalog-filters";
import { loader } from "../../app/routes/catalog";
import { TEST_BASE_URL } from "./test-context";

/**
 * The catalogue as /catalog?{search} shows it: the count line, the cards' names, the categories
 * and brands offered.
 */
export async function catalogueShown(context: ServerContext, search = "") {
  const request = new Request(`${TEST_BASE_URL}/catalog${search}`);
  const { catalog } = await loader({ request, context, params: {} } as Parameters<typeof loader>[0]);
  return {
    shown: catalogShownText(catalog),
    names: catalog.products.map((product) => product.name),
    page: catalog.page,
    categories: catalog.categories,
    brands: catalog.brands,
  };
}

/** How many times this process read the whole catalogue, or only the products a change named. */
export async function catalogIndexLoads(): Promise<{ whole: number; changes: number }> {
  const { values } = await storeCounters.catalogIndexLoads.get();
  const loadsOf = (kind: string) => values.find((value) => value.labels.kind === kind)?.value ?? 0;
  return { whole: loadsOf("whole"), changes: loadsOf("changes") };
}
