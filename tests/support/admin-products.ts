import { and, desc, eq } from "drizzle-orm";
import {
  CREATED_PARAM,
  type ProductActionData,
} from "../../app/components/admin/products/product-action-data";
import type { ServerContext } from "../../app/context.server";
import { adminAuditLog, products } from "../../app/db/schema.server";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/product-edit";
import { action as newAction } from "../../app/routes/admin/product-new";
import { action as listAction, loader as listLoader } from "../../app/routes/admin/products";
import type { TestAdmin } from "./admin";
import { stockOf } from "./factories";
import { TEST_BASE_URL } from "./test-context";

/** A form post from the admin's browser, as multipart when it carries a file. */
export function adminPost(admin: TestAdmin, path: string, fields: Record<string, string | File>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${TEST_BASE_URL}${path}`, { method: "POST", headers: { cookie: admin.cookie }, body });
}

/** The new product's id, from the page creating it redirects to; undefined for any other answer. */
export function createdProductId(answer: Response): number | undefined {
  const location = answer.headers.get("location") ?? "";
  const created = new RegExp(`^/admin/products/(\\d+)\\?${CREATED_PARAM}=1$`).exec(location);
  return answer.status === 302 && created ? Number(created[1]) : undefined;
}

/** Creating redirects to the new product's page: read as the answer, its id from the address. */
function createdProductOf(answer: Response): ProductActionData {
  const productId = createdProductId(answer);
  if (productId === undefined) {
    throw new Error(
      `Resposta inesperada ao criar o produto: ${answer.status} ${answer.headers.get("location")}`,
    );
  }
  return { intent: "create", ok: true, productId };
}

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** The product pages' loaders and actions, driven with real Requests. */
export function productPages(context: ServerContext, admin: TestAdmin) {
  return {
    list: (search = "") =>
      listLoader({
        request: new Request(`${TEST_BASE_URL}/admin/products${search}`, {
          headers: { cookie: admin.cookie },
        }),
        context,
        params: {},
      } as Args<typeof listLoader>),
    remove: (productId: number | string) =>
      listAction({
        request: adminPost(admin, "/admin/products", { intent: "delete", productId: String(productId) }),
        context,
        params: {},
      } as Args<typeof listAction>),
    create: async (fields: Record<string, string | File>) => {
      const answer = await newAction({
        request: adminPost(admin, "/admin/products/new", fields),
        context,
        params: {},
      } as Args<typeof newAction>);
      return answer instanceof Response ? createdProductOf(answer) : answer;
    },
    edit: (productId: number, fields: Record<string, string | File>) =>
      editAction({
        request: adminPost(admin, `/admin/products/${productId}`, fields),
        context,
        params: { productId: String(productId) },
      } as Args<typeof editAction>),
    view: (productId: number) =>
      editLoader({
        request: new Request(`${TEST_BASE_URL}/admin/products/${productId}`, {
          headers: { cookie: admin.cookie },
        }),
        context,
        params: { productId: String(productId) },
      } as Args<typeof editLoader>),
  };
}

/** A complete, valid product form; override any field. */
export function productForm(overrides: Record<string, string | File> = {}): Record<string, string | File> {
  return {
    name: "Teclado Mecânico Admin",
    description: "Switches táteis.",
    price: "349,90",
    category: "Periféricos",
    stock: "12",
    imageUrl: "",
    ...overrides,
  };
}

/** A product's row, with its stock (its active variants' sum). */
export async function productRow(context: ServerContext, id: number) {
  const [row] = await context.db.select().from(products).where(eq(products.id, id));
  return row && { ...row, stock: await stockOf(context.db, id) };
}

export async function auditEntries(context: ServerContext, targetType: string, targetId: number | string) {
  return context.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, String(targetId))))
    .orderBy(desc(adminAuditLog.id));
}
