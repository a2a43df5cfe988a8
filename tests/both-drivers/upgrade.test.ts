import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addBusinessDays, format } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownMigrations } from "../../app/db/migration-journal.server";
import { cookieHeader, signIn } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { brl, htmlText } from "../support/page-text";
import { checkoutBody, payOverHttp, postCheckoutOverHttp } from "../support/orders";
import { startStoreServer, type StoreData, type StoreServer } from "../support/store-server";
import {
  readManifest,
  restoreFixture,
  upgradeFixtures,
  type PersonalDataExport,
  type UpgradeManifest,
} from "../support/upgrade-fixtures";

// Today's store started on the data an earlier release wrote (tests/fixtures/upgrade/, one folder
// per release, made by scripts/upgrade-fixtures/generate.sh): on the embedded database, or on
// PostgreSQL from the release's dump with TEST_DATABASE_URL.

for (const fixture of upgradeFixtures()) {
  describe(`today's store on the data of release ${fixture.release}`, () => {
    let manifest: UpgradeManifest;
    let data: StoreData;
    let store: StoreServer;
    beforeAll(async () => {
      manifest = await readManifest(fixture.directory);
      data = await restoreFixture(fixture.directory);
      // The shop's configuration as it was: its first admin already exists.
      store = await startStoreServer(
        {
          SEED_DEMO: "false",
          ADMIN_EMAIL: manifest.admin.email,
          ADMIN_PASSWORD: manifest.admin.password,
          ADMIN_PANEL_PASSWORD: manifest.admin.gatePassword,
        },
        data,
      );
    });
    afterAll(async () => {
      await store?.stop();
      await data?.remove();
    });

    const customer = (email: string) => manifest.customers.find((entry) => entry.email === email)!;
    const get = (path: string, cookie = "") =>
      fetch(`${store.url}${path}`, {
        redirect: "manual",
        headers: { cookie, "X-Forwarded-For": randomClientIp() },
      });
    const exported = async (cookie: string) =>
      (await (await get("/account/data", cookie)).json()) as PersonalDataExport;

    it("logs the migrations it applied to the release's data, up to today's last", () => {
      const applied = /Migrações aplicadas ao banco: ([\w, ]+)/.exec(store.output())?.[1]?.split(", ");
      // A release with today's schema (the newest fixture, until the next migration) needs none.
      const upToDate = /Esquema do banco em dia \(migração (\w+)\)/.exec(store.output())?.[1];
      expect(applied?.at(-1) ?? upToDate).toBe(knownMigrations().at(-1)!.tag);
    });

    it("signs every customer in with their password, with their profile, addresses and cart", async () => {
      for (const before of manifest.customers) {
        const cookie = cookieHeader(await signIn(store.url, before));
        const now = await exported(cookie);
        expect(now.conta).toMatchObject({ email: before.email, nome: before.name });
        expect(now.perfil, before.email).toMatchObject(before.export.perfil);
        expect(now.enderecos, before.email).toEqual(before.export.enderecos);
        // Each line kept, now naming its variant: the product's default one.
        expect(now.carrinho, before.email).toEqual(
          before.export.carrinho.map((line) =>
            expect.objectContaining({
              ...(line as object),
              variacao: "",
              sku: expect.stringMatching(/^VTR-\d+$/),
            }),
          ),
        );
        const page = await (await get("/account/profile", cookie)).text();
        expect(page).toContain(before.name);
      }
    });

    it("sells each product as one default variant carrying its stock; the cart's and orders' lines point at it", async () => {
      type CartVariant = {
        id: number;
        variantId: number;
        variantLabel: string;
        stock: number;
        quantity?: number;
      };
      const ids = manifest.products.map((product) => product.id);
      const variants = (await (await get(`/api/cart-products?ids=${ids.join(",")}`)).json()) as CartVariant[];
      expect(variants.map(({ id, variantLabel }) => ({ id, variantLabel }))).toEqual(
        ids.map((id) => ({ id, variantLabel: "" })),
      );
      const defaultOf = new Map(variants.map((variant) => [variant.id, variant.variantId]));

      const exports: { cookie: string; export: PersonalDataExport }[] = [];
      for (const before of manifest.customers) {
        const cookie = cookieHeader(await signIn(store.url, before));
        const cart = (await (await get("/api/cart", cookie)).json()) as { items: CartVariant[] };
        expect(cart.items.map(({ id, variantId, quantity }) => ({ id, variantId, quantity }))).toEqual(
          before.export.carrinho.map((line) => ({
            id: line.produtoId,
            variantId: defaultOf.get(line.produtoId),
            quantity: line.quantidade,
          })),
        );
        exports.push({ cookie, export: await exported(cookie) });
      }
      for (const { pedidos } of exports.map((entry) => entry.export)) {
        for (const line of pedidos.flatMap((order) => order.itens) as { productId: number }[]) {
          expect(line).toMatchObject({
            variantId: defaultOf.get(line.productId),
            sku: `VTR-${line.productId}`,
            variantLabel: "",
          });
        }
      }

      // The release gave each product 40 units (scripts/upgrade-fixtures/populate.ts): what its
      // orders still hold (an expired one may be cancelled meanwhile, a refunded one may have
      // given its units back) and its variant's stock add up to them.
      const unitsHeld = async (productId: number) => {
        let units = 0;
        for (const { cookie } of exports) {
          for (const order of (await exported(cookie)).pedidos.filter(
            (entry) => entry.status !== "cancelled",
          )) {
            for (const line of order.itens as {
              productId: number;
              quantity: number;
              returnedQuantity: number;
            }[]) {
              if (line.productId === productId) units += line.quantity - line.returnedQuantity;
            }
          }
        }
        return units;
      };
      for (const id of ids) {
        await expect
          .poll(async () => {
            const [variant] = (await (await get(`/api/cart-products?ids=${id}`)).json()) as CartVariant[];
            return variant!.stock + (await unitsHeld(id));
          })
          .toBe(40);
      }
    });

    it("keeps every order with its lines, total and payment; a paid order shows as paid", async () => {
      for (const before of manifest.customers) {
        const cookie = cookieHeader(await signIn(store.url, before));
        const now = await exported(cookie);
        for (const order of before.export.pedidos) {
          const kept = now.pedidos.find((entry) => entry.id === order.id);
          expect(kept, order.id).toBeDefined();
          expect(kept).toMatchObject({
            totalCents: order.totalCents,
            paymentStatus: order.paymentStatus,
            customerTaxId: order.customerTaxId,
            shippingAddress: order.shippingAddress,
            paidAt: order.paidAt,
          });
          // An unpaid order's charge has expired since: today's store may have cancelled it already.
          if (order.status !== "pending")
            expect(kept).toMatchObject({ status: order.status, pixStatus: order.pixStatus });
          expect(kept!.itens).toEqual(order.itens.map((line) => expect.objectContaining(line as object)));
          // Its total as lines: the items, then its PIX discount, adding up to the total it had. It
          // shipped free: no freight line and no freight quote on it.
          expect(kept!.freight, order.id).toBeNull();
          const discountCents = (order.pixDiscountCents as number | undefined) ?? 0;
          expect(kept!.ajustes, order.id).toEqual(
            discountCents > 0
              ? [
                  {
                    kind: "pix_discount",
                    label: expect.stringMatching(/^Desconto PIX \(/),
                    amountCents: -discountCents,
                  },
                ]
              : [],
          );
          const items = kept!.itens as { unitPriceCents: number; quantity: number }[];
          const itemsCents = items.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
          expect(itemsCents - discountCents, order.id).toBe(order.totalCents);
        }
        const list = await (await get("/account/orders", cookie)).text();
        for (const { orderId, state } of manifest.orders.filter((entry) => entry.customer === before.email)) {
          const payment = await (await get(`/api/orders/${orderId}/payment`, cookie)).json();
          if (state === "cancelled") {
            // An order the customer deleted stays hidden from them.
            expect(list).not.toContain(`Pedido #${orderId.slice(0, 8)}`);
            expect(payment).toEqual({ error: "Pedido não encontrado" });
          } else {
            expect(list).toContain(`Pedido #${orderId.slice(0, 8)}`);
            expect(payment, orderId).toEqual({ paid: state === "paid" });
          }
        }
      }
    });

    it("counts the release's orders on the dashboard, with what their payments received and gave back", async () => {
      const placed = manifest.customers.flatMap((entry) => entry.export.pedidos);
      // Paid as the release recorded it: marked paid, its charge completed or its card approved.
      const paid = placed.filter(
        (order) =>
          order.paymentStatus === "paid" &&
          (order.paymentMethod === "card"
            ? order.cardPaymentStatus === "approved"
            : order.pixStatus === "COMPLETED"),
      );
      const sumOf = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
      const revenue = sumOf(paid.map((order) => order.totalCents));
      const refunded = sumOf(paid.map((order) => (order.refundedCents as number | undefined) ?? 0));
      const page = htmlText(await (await get("/admin", await adminPanelCookie())).text());
      expect(page).toContain(`Total de Pedidos ${placed.length}`);
      expect(page).toContain(`Faturamento Total ${brl(revenue)}`);
      expect(page).toContain(`Reembolsado ${brl(refunded)}`);
      expect(page).toContain(`Receita líquida ${brl(revenue - refunded)}`);
    });

    it("cancels an order whose charge expired meanwhile when its customer asks about the payment", async () => {
      const { orderId, customer: email } = manifest.orders.find((order) => order.state === "pending")!;
      const cookie = cookieHeader(await signIn(store.url, customer(email)));
      const asked = await fetch(`${store.url}/api/orders/${orderId}/payment`, {
        method: "POST",
        headers: { cookie, origin: store.url, "X-Forwarded-For": randomClientIp() },
      });
      expect(await asked.json()).toEqual({ paid: false });
      const order = (await exported(cookie)).pedidos.find((entry) => entry.id === orderId);
      expect(order).toMatchObject({ status: "cancelled", paymentStatus: "pending", pixStatus: "EXPIRED" });
    });

    it("serves every uploaded photo as the release stored it, and the product page still shows it", async () => {
      for (const photo of manifest.photos) {
        const response = await get(photo.url);
        expect(response.status, photo.url).toBe(200);
        const sha256 = createHash("sha256")
          .update(Buffer.from(await response.arrayBuffer()))
          .digest("hex");
        expect(sha256, photo.url).toBe(photo.sha256);
      }
      const [product] = manifest.products;
      const page = await (await get(`/product/${product!.id}`)).text();
      expect(page).toContain(product!.name);
      for (const photo of manifest.photos.filter((entry) => entry.url.startsWith("/uploads/products/"))) {
        expect(page).toContain(photo.url);
      }
    });

    it("asks only the customers who never paid an order to confirm their e-mail (decision 0024)", async () => {
      for (const before of manifest.customers) {
        const paid = manifest.orders.some(
          (order) => order.customer === before.email && order.state === "paid",
        );
        const cookie = cookieHeader(await signIn(store.url, before));
        const account = await (await get("/account", cookie)).text();
        // A release that already asked keeps asking whom it asked.
        expect(account.includes("Confirme seu e-mail"), before.email).toBe(
          before.askedToConfirmEmail ?? !paid,
        );
      }
    });

    it("lets a customer of that release buy again and pay, at today's price", async () => {
      const buyer = manifest.customers.find((entry) => entry.cnpj)!;
      const cookie = cookieHeader(await signIn(store.url, buyer));
      const [product] = manifest.products;
      const addressId = buyer.export.enderecos[0]!.id;
      const response = await postCheckoutOverHttp(
        store.url,
        cookie,
        checkoutBody({ cpf: buyer.cnpj!, addressId, email: buyer.email }, [{ id: product!.id, quantity: 2 }]),
      );
      const answer = (await response.json()) as { success?: boolean; orderId?: string };
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      await payOverHttp(store.url, await signIn(store.url, buyer), answer.orderId!);
      const order = (await exported(cookie)).pedidos.find((entry) => entry.id === answer.orderId);
      expect(order).toMatchObject({ totalCents: 2 * product!.priceCents, paymentStatus: "paid" });
    });

    /** The release's admin, signed in and through the panel's gate. */
    const adminPanelCookie = async () => {
      const cookie = cookieHeader(await signIn(store.url, manifest.admin));
      const gate = await fetch(`${store.url}/api/admin/verify-password`, {
        method: "POST",
        headers: { cookie, origin: store.url, "X-Forwarded-For": randomClientIp() },
        body: new URLSearchParams({ password: manifest.admin.gatePassword }),
      });
      expect(gate.status).toBe(200);
      const gateCookie = gate.headers
        .getSetCookie()
        .map((entry) => entry.split(";", 1)[0])
        .join("; ");
      return [cookie, gateCookie].filter(Boolean).join("; ");
    };

    it("lets the release's admin through the gate into the panel, with the release's orders", async () => {
      const panel = await adminPanelCookie();
      const orders = await (await get("/admin/orders", panel)).text();
      for (const { orderId } of manifest.orders) {
        expect(orders).toContain(orderId.slice(0, 8));
      }

      // An order the release shipped and never saw delivered: promised by its shipping date plus
      // the delivery time the store promises ('até 5 dias úteis'), São Paulo's working days.
      const shipped = manifest.orders.find((order) => order.afterSale === "shipped");
      if (shipped) {
        const { export: before } = customer(shipped.customer);
        const { shippedAt } = before.pedidos.find((order) => order.id === shipped.orderId)!;
        const promised = addBusinessDays(new TZDate(shippedAt as string, "America/Sao_Paulo"), 5);
        const page = await (await get(`/admin/orders/${shipped.orderId}`, panel)).text();
        expect(page).toContain(`Entrega prometida até ${format(promised, "dd/MM/yyyy")}`);
        // Its code, given before carriers were chosen, is the Correios' (migration 0034).
        expect(page).toMatch(
          /<a[^>]*href="https:\/\/rastreamento\.correios\.com\.br\/app\/index\.php\?objetos=[A-Z]{2}\d{9}[A-Z]{2}"[^>]*>Rastrear nos Correios/,
        );
      }

      // The release's refund with 'devolver ao estoque' gave back every unit of the order, at once.
      const restocked = manifest.orders.find((order) => order.afterSale === "refunded with restock");
      if (restocked) {
        const { export: before } = customer(restocked.customer);
        const [line] = before.pedidos.find((order) => order.id === restocked.orderId)!.itens as {
          productName: string;
          quantity: number;
        }[];
        const page = await (await get(`/admin/orders/${restocked.orderId}`, panel)).text();
        expect(page).toContain(`itens: ${line!.quantity} × ${line!.productName} (devolvidos ao estoque)`);
      }
    });

    it("shows each order's payment as the release recorded it, with what it received and gave back", async () => {
      const panel = await adminPanelCookie();
      for (const { export: before } of manifest.customers) {
        for (const order of before.pedidos) {
          const page = htmlText(await (await get(`/admin/orders/${order.id}`, panel)).text());
          const paid = order.paymentStatus === "paid";
          const providerId = (order.paymentMethod === "card" ? order.cardPaymentId : order.pixChargeId) as
            string | null;
          const refunded = (order.refundedCents as number | undefined) ?? 0;
          expect(page, order.id).toContain(`Total recebido ${brl(paid ? order.totalCents : 0)}`);
          expect(page, order.id).toContain(`Total reembolsado ${brl(refunded)}`);
          expect(page, order.id).toContain(
            [
              `Valor ${brl(order.totalCents)}`,
              `Recebido ${brl(paid ? order.totalCents : 0)}`,
              `Reembolsado ${brl(refunded)}`,
              `${order.paymentMethod === "card" ? "ID do pagamento" : "ID da cobrança"} ${providerId ?? "—"}`,
            ].join(" "),
          );
          if (paid) {
            const status = refunded > 0 ? "parcialmente reembolsado" : "pago";
            expect(page, order.id).toMatch(new RegExp(`Pagamentos (PIX|Cartão[^—]*)[^—]*— ${status}`));
          }
        }
      }
    });
  });
}
