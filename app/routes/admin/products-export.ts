import type { Route } from "./+types/products-export";
import { PRODUCTS_CSV_FILENAME } from "../../domain/admin/product-csv";
import { exportProductsCsv } from "../../domain/admin/product-csv-export.server";
import { requireAdminForDownload } from "../guards.server";

/** `Exportar CSV`: every product, one row per variant (README, 'Importar e exportar produtos'). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminForDownload(context, request);
  return new Response(await exportProductsCsv(context.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${PRODUCTS_CSV_FILENAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
