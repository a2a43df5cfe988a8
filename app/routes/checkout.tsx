import { ArrowLeft, QrCode } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/checkout";
import { pageTitle } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import { useCart } from "../components/cart/cart-context";
import { CartTotals } from "../components/cart/cart-totals";
import { ConfirmOrderDialog, type CheckoutCustomer } from "../components/checkout/confirm-order-dialog";
import { Button, buttonClasses } from "../components/ui/button";
import { useHydrated } from "../components/use-hydrated";
import { listAddresses } from "../domain/accounts/addresses.server";
import { getProfile } from "../domain/accounts/profile.server";
import { readSession } from "../domain/accounts/session.server";
import { lineName } from "../domain/catalog/variants";
import { formatBRL } from "../lib/money";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await readSession(context, request);
  if (!user) return { signedIn: false as const };
  const [profile, addresses] = await Promise.all([
    getProfile(context.db, user.id),
    listAddresses(context.db, user.id),
  ]);
  const customer: CheckoutCustomer | null = profile && {
    userType: profile.userType,
    name: profile.fullName,
    phone: profile.phone,
    email: profile.email,
    taxId: (profile.userType === "PF" ? profile.cpf : profile.cnpj) ?? "",
  };
  return { signedIn: true as const, customer, addresses };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const cart = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // Set once the order exists: the cart empties then, and that is not an empty cart to leave.
  const ordered = useRef(false);

  useEffect(() => {
    if (!hydrated || !cart.ready || ordered.current) return;
    if (!loaderData.signedIn) {
      toast.error("Você precisa estar logado para finalizar a compra");
      void navigate("/auth?redirectTo=%2Fcheckout", { replace: true });
    } else if (cart.items.length === 0) {
      toast.error("Seu carrinho está vazio");
      void navigate("/cart", { replace: true });
    }
  }, [hydrated, loaderData.signedIn, cart.ready, cart.items.length, navigate]);

  if (!hydrated || !loaderData.signedIn || !cart.ready || cart.items.length === 0) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">Finalizar Compra</h1>
        <p className="mt-6 text-slate-600">Carregando...</p>
      </main>
    );
  }

  const { customer, addresses } = loaderData;
  const payWithPix = () => {
    if (!customer) {
      toast.error("Complete seu perfil antes de finalizar a compra");
      void navigate("/account/profile");
    } else if (addresses.length === 0) {
      toast.error("Cadastre um endereço antes de finalizar a compra");
      void navigate("/account/addresses");
    } else {
      setConfirming(true);
    }
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <Link to="/cart" className={buttonClasses("ghost", "md", "-ml-3")}>
        <ArrowLeft aria-hidden className="size-4" />
        Voltar ao carrinho
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Finalizar Compra</h1>
      <section
        aria-labelledby="summary-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h2 id="summary-heading" className="text-lg font-semibold">
          Resumo do Pedido
        </h2>
        <ul className="mt-4 flex flex-col gap-2">
          {cart.items.map((item) => (
            <li key={item.variantId} className="flex justify-between gap-4 text-sm">
              <span className="min-w-0">
                {lineName(item)} x {item.quantity}
              </span>
              <span className="shrink-0 font-medium">{formatBRL(item.priceCents * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <CartTotals subtotalLabel="Subtotal" subtotalCents={cart.subtotalCents} lines={cart.items} />
        <Button className="mt-6 w-full" size="lg" onClick={payWithPix}>
          <QrCode aria-hidden className="size-5" />
          Pagar com PIX
        </Button>
      </section>
      {customer && addresses.length > 0 && root && (
        <ConfirmOrderDialog
          open={confirming}
          onOpenChange={setConfirming}
          customer={customer}
          addresses={addresses}
          offerTerms={root.store}
          cardPayments={root.cardPayments}
          onOrdered={(orderId, pixData) => {
            ordered.current = true;
            toast.success("Pedido criado! Redirecionando para pagamento...");
            cart.empty();
            setConfirming(false);
            const data = encodeURIComponent(JSON.stringify(pixData));
            void navigate(`/payment?data=${data}&orderId=${orderId}`);
          }}
          onCardCheckout={(_orderId, url) => {
            ordered.current = true;
            toast.success("Pedido criado! Redirecionando para pagamento...");
            // The order took its lines out of the customer's cart on the server, where the next page
            // reads it: emptying it here would send a request that leaving the page cuts short.
            window.location.assign(url);
          }}
        />
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Finalizar Compra"),
  { name: "robots", content: "noindex" },
];
