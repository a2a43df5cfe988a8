import type { ServerContext } from "../../app/context.server";
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
    shown: `Exibindo ${catalog.matching} de ${catalog.total} produtos`,
    names: catalog.products.map((product) => product.name),
    page: catalog.page,
    categories: catalog.categories,
    brands: catalog.brands,
  };
}
