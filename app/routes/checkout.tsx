import { ArrowLeft, ArrowRight, QrCode } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, Link, redirect, useFetcher, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/checkout";
import { pageTitle } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import { NEW_ADDRESS_MESSAGES, type AddressActionData } from "../components/account/address-form";
import { AddressFields, EMPTY_ADDRESS_FIELDS } from "../components/account/address-fields";
import { BEFORE_SCRIPTS_FIELD, BeforeScriptsField } from "../components/before-scripts-field";
import { useCart } from "../components/cart/cart-context";
import { CartTotals } from "../components/cart/cart-totals";
import {
  ConfirmOrderDialog,
  ConfirmOrderForm,
  type CheckoutCustomer,
} from "../components/checkout/confirm-order-dialog";
import { Button, buttonClasses } from "../components/ui/button";
import { FormMessage } from "../components/ui/form-field";
import { useHydrated } from "../components/use-hydrated";
import { fieldErrors } from "../domain/accounts/account-schemas";
import { addressSchema } from "../domain/accounts/address-schema";
import { createAddress, listAddresses } from "../domain/accounts/addresses.server";
import { getProfile } from "../domain/accounts/profile.server";
import { readSession } from "../domain/accounts/session.server";
import { readCart } from "../domain/cart/server-cart.server";
import { lineName } from "../domain/catalog/variants";
import { checkoutRequestOf } from "../domain/orders/checkout-schema";
import type { PixPayment } from "../domain/payments/pix-payment";
import { formatBRL } from "../lib/money";
import { compactTaxId, onlyDigits } from "../lib/tax-id";
import { chosenOption, freightFieldOf, postedFreight } from "../components/checkout/freight-choice";
import type { CartItem } from "../domain/cart/cart-items";
import { couponThresholdCents } from "../domain/cart/cart-coupon";
import type { FreightAnswer } from "../domain/shipping/freight-options";
import { quoteFreightTo, shownFreight } from "../domain/shipping/freight-quotes.server";
import type { StoreSettings } from "../domain/store-settings/settings-schema";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import { requireUser } from "./guards.server";
import { CouponForm, type CouponRefusal } from "../components/cart/coupon-form";
import { answerCouponForm, cartCoupon } from "../domain/cart/cart-coupon.server";
import { couponFormSchema } from "../domain/cart/cart-request";
import { couponCookie, readCouponCode } from "../domain/cart/coupon-cookie";
import { checkoutAttempt, placeCheckout } from "./place-checkout.server";

/** Made from one person's cart and profile: no browser, proxy or page cache keeps it. */
const PRIVATE = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE });

/** Where the checkout's button leads before the scripts run: the confirmation as a page (`?etapa=confirmar`). */
const CONFIRM_STEP = "confirmar";
const CHECKOUT_PATH = "/checkout";
const PROFILE_FOR_CHECKOUT = `/account/profile?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`;

const MESSAGES = {
  signedOut: "Você precisa estar logado para finalizar a compra",
  emptyCart: "Seu carrinho está vazio",
  noProfile: "Complete seu perfil antes de finalizar a compra",
  noAddress: "Cadastre um endereço antes de finalizar a compra",
  ordered: "Pedido criado! Redirecionando para pagamento...",
};

/**
 * The customer's cart as the server has it (decision 0013), profile and addresses: the page shows
 * them before the scripts run, and its plain forms place the order from them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await readSession(context, request);
  headers.set("Cache-Control", PRIVATE);
  if (!user) return data({ signedIn: false as const }, { headers });
  const [profile, addresses, cart, { settings }] = await Promise.all([
    getProfile(context.db, user.id),
    listAddresses(context.db, user.id),
    readCart(context.db, user.id),
    currentStoreSettings(context.db, context.env),
  ]);
  const customer: CheckoutCustomer | null = profile && {
    userType: profile.userType,
    name: profile.fullName,
    phone: profile.phone,
    email: profile.email,
    taxId: (profile.userType === "PF" ? profile.cpf : profile.cnpj) ?? "",
    stateRegistration: profile.stateRegistration ?? "",
  };
  const code = readCouponCode(request.headers.get("Cookie"));
  const coupon = await cartCoupon(context.db, code, cart.items, customer?.taxId || null);
  const couponCents = couponThresholdCents(coupon, cart.items, settings.payment.pixDiscountBasisPoints);
  return data(
    {
      signedIn: true as const,
      customer,
      addresses,
      items: cart.items,
      coupon,
      freightByAddress: await freightByAddress(context, settings, addresses, cart.items, couponCents),
      // The attempt a plain form's order is placed under; the dialog's script starts from it too.
      checkoutKey: crypto.randomUUID(),
      confirmStep: new URL(request.url).searchParams.get("etapa") === CONFIRM_STEP,
    },
    { headers },
  );
}

/**
 * Each address's freight for the cart, quoted by the server (the provider's answers are cached),
 * its free-shipping threshold after the coupon; null while freight is free to all of Brazil.
 */
async function freightByAddress(
  context: Route.LoaderArgs["context"],
  settings: StoreSettings,
  addresses: readonly { id: string; cep: string }[],
  items: readonly CartItem[],
  couponCents: number,
): Promise<Record<string, FreightAnswer> | null> {
  if (settings.freight.mode === "free") return null;
  const lines = items.map((item) => ({ variantId: item.variantId, quantity: item.quantity }));
  const quote = await quoteFreightTo(context, settings, lines, couponCents);
  const answers = await Promise.all(
    addresses.map(async (address) => [address.id, shownFreight(await quote(address.cep))] as const),
  );
  return Object.fromEntries(answers);
}

type CheckoutActionData =
  | AddressActionData
  | { intent: "place-order"; refusal: string }
  | { intent: "coupon"; couponRefusal: CouponRefusal };

/**
 * The checkout's forms: an address added from the checkout itself, and the order placed by the
 * confirmation posted before the scripts ran, from the customer's cart as the server has it (the
 * dialog's script posts the create-payment request instead). A refusal shows on the page; a placed
 * order goes to where it is paid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  // A refusal is a normal answer (200) carrying its message, as on /auth: the page shows it.
  const answer = (body: CheckoutActionData) => data(body, { headers: { "Cache-Control": PRIVATE } });
  switch (field("intent")) {
    case "coupon":
    case "remove-coupon": {
      const coupon = await answerCouponForm(context, couponFormSchema.parse(Object.fromEntries(form)), {
        userId: user.id,
        items: (await readCart(context.db, user.id)).items,
      });
      const headers = new Headers({ "Cache-Control": PRIVATE });
      if (coupon.cookie) headers.append("Set-Cookie", coupon.cookie);
      if (coupon.refusal)
        return data({ intent: "coupon" as const, couponRefusal: coupon.refusal }, { headers });
      throw redirect(CHECKOUT_PATH, { headers });
    }
    case "address": {
      const input = addressSchema.safeParse(Object.fromEntries(form));
      if (!input.success) return answer({ intent: "create", ok: false, errors: fieldErrors(input.error) });
      const outcome = await createAddress(context.db, user.id, input.data);
      if (!outcome.ok) return answer({ intent: "create", ok: false, message: outcome.message });
      if (field(BEFORE_SCRIPTS_FIELD) === "1") throw redirect(CHECKOUT_PATH);
      return answer({ intent: "create", ok: true });
    }
    case "place-order": {
      const { items } = await readCart(context.db, user.id);
      const customer = {
        name: field("name"),
        email: field("email"),
        phone: onlyDigits(field("phone")),
        taxId: compactTaxId(field("taxId")),
        // A company's; a person's form has none, and a person's request drops it.
        stateRegistration: field("stateRegistration"),
      };
      const method = field("paymentMethod") === "card" ? "card" : "pix";
      const freight = postedFreight(field(freightFieldOf(field("addressId"))));
      // The discount the page showed for the method chosen; none shown: no coupon.
      const couponSeen = Number(field(method === "card" ? "couponSeenCard" : "couponSeenPix"));
      const coupon =
        field("couponCode") && couponSeen > 0
          ? { code: field("couponCode"), seenCents: couponSeen }
          : undefined;
      const outcome = await placeCheckout(
        context,
        request,
        user,
        checkoutAttempt(
          field("checkoutKey"),
          checkoutRequestOf(items, customer, field("addressId"), method, freight, coupon),
        ),
      );
      if (!outcome.ok) return answer({ intent: "place-order", refusal: outcome.message });
      // The coupon, if the order used it, is the order's now.
      const headers = { "Set-Cookie": couponCookie(null) };
      if ("cardCheckoutUrl" in outcome) throw redirect(outcome.cardCheckoutUrl, { headers });
      throw redirect(paymentPath(outcome.orderId, outcome.pixData), { headers });
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

/** The PIX payment page of an order, with its charge (spec section 3). */
function paymentPath(orderId: string, pixData: PixPayment): string {
  return `/payment?data=${encodeURIComponent(JSON.stringify(pixData))}&orderId=${orderId}`;
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const cart = useCart();
  const navigate = useNavigate();
  // Set once the order exists: the cart empties then, and that is not an empty cart to leave.
  const ordered = useRef(false);

  useEffect(() => {
    if (!hydrated || !cart.ready || ordered.current) return;
    if (!loaderData.signedIn) {
      toast.error(MESSAGES.signedOut);
      void navigate(`/auth?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`, { replace: true });
    } else if (cart.items.length === 0) {
      toast.error(MESSAGES.emptyCart);
      void navigate("/cart", { replace: true });
    }
  }, [hydrated, loaderData.signedIn, cart.ready, cart.items.length, navigate]);

  // Once the scripts run, the guards above lead away; before, their messages are the page, with
  // the link the redirect would follow.
  if (!loaderData.signedIn)
    return hydrated ? (
      <CheckoutNotice message="Carregando..." />
    ) : (
      <CheckoutNotice message={MESSAGES.signedOut}>
        <Link
          to={`/auth?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`}
          className={buttonClasses("default", "md")}
        >
          Entrar
        </Link>
      </CheckoutNotice>
    );
  if (!cart.ready || (hydrated && cart.items.length === 0)) return <CheckoutNotice message="Carregando..." />;
  if (cart.items.length === 0)
    return (
      <CheckoutNotice message={MESSAGES.emptyCart}>
        <Link to="/cart" className={buttonClasses("default", "md")}>
          Voltar ao carrinho
        </Link>
      </CheckoutNotice>
    );

  return <Checkout {...loaderData} posted={actionData} onOrdered={() => (ordered.current = true)} />;
}

function CheckoutNotice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Finalizar Compra</h1>
      <p className="mt-6 text-slate-600">{message}</p>
      {children && <div className="mt-4">{children}</div>}
    </main>
  );
}

type SignedInCheckout = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function Checkout({
  customer,
  addresses,
  coupon,
  freightByAddress,
  checkoutKey,
  confirmStep,
  posted,
  onOrdered,
}: SignedInCheckout & {
  /** The answer to a form posted before the scripts ran. */
  posted: CheckoutActionData | undefined;
  /** The order exists: the cart empties then, and that is not an empty cart to leave. */
  onOrdered(): void;
}) {
  const cart = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const cardPayments = root?.cardPayments ?? false;
  useAddressToasts();

  const toConfirmation = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!customer) {
      toast.error(MESSAGES.noProfile);
      void navigate(PROFILE_FOR_CHECKOUT);
    } else if (addresses.length === 0) {
      toast.error(MESSAGES.noAddress);
      document.getElementById(NEW_ADDRESS_HEADING)?.scrollIntoView({ behavior: "smooth" });
      document.querySelector<HTMLInputElement>(`#${NEW_ADDRESS_FORM} input[name="cep"]`)?.focus();
    } else {
      setConfirming(true);
    }
  };
  const orderedWith = {
    onOrdered: (orderId: string, pixData: PixPayment) => {
      onOrdered();
      toast.success(MESSAGES.ordered);
      cart.empty();
      setConfirming(false);
      void navigate(paymentPath(orderId, pixData));
    },
    onCardCheckout: (_orderId: string, url: string) => {
      onOrdered();
      toast.success(MESSAGES.ordered);
      // The order took its lines out of the customer's cart on the server, where the next page
      // reads it: emptying it here would send a request that leaving the page cuts short.
      window.location.assign(url);
    },
  };
  // The summary's freight is its default address's cheapest; the confirmation lets it be chosen.
  const defaultAddress = addresses.find((address) => address.isDefault) ?? addresses[0];
  const confirmation = customer &&
    addresses.length > 0 &&
    root && {
      customer,
      addresses,
      offerTerms: root.store,
      freightByAddress,
      cardPayments,
      coupon,
      checkoutKey,
      ...orderedWith,
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
        <CartTotals
          subtotalLabel="Subtotal"
          subtotalCents={cart.subtotalCents}
          freightCents={
            freightByAddress === null
              ? 0
              : (chosenOption(freightByAddress[defaultAddress?.id ?? ""], undefined)?.priceCents ?? null)
          }
          lines={cart.items}
          coupon={coupon}
        />
        <CouponForm
          action={CHECKOUT_PATH}
          coupon={coupon}
          refusal={posted && "couponRefusal" in posted ? posted.couponRefusal : undefined}
        />
        {!(confirmStep && confirmation) && (
          // Before the scripts run, the button asks the server for the confirmation as a page.
          <form method="get" action={CHECKOUT_PATH} onSubmit={toConfirmation}>
            <input type="hidden" name="etapa" value={CONFIRM_STEP} />
            <Button type="submit" className="mt-6 w-full" size="lg">
              {cardPayments ? (
                <>
                  Continuar para pagamento
                  <ArrowRight aria-hidden className="size-5" />
                </>
              ) : (
                <>
                  <QrCode aria-hidden className="size-5" />
                  Pagar com PIX
                </>
              )}
            </Button>
          </form>
        )}
      </section>
      {confirmStep && !customer && (
        <CheckoutAlert message={MESSAGES.noProfile}>
          <Link to={PROFILE_FOR_CHECKOUT} className="font-medium underline">
            Completar perfil
          </Link>
        </CheckoutAlert>
      )}
      {confirmStep && customer && addresses.length === 0 && <CheckoutAlert message={MESSAGES.noAddress} />}
      {addresses.length === 0 && <NewAddress posted={posted && "ok" in posted ? posted : undefined} />}
      {confirmStep && confirmation ? (
        <section
          aria-labelledby="confirm-heading"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6"
        >
          <h2 id="confirm-heading" className="mb-4 text-lg font-semibold">
            Confirmar Dados do Pedido
          </h2>
          <ConfirmOrderForm
            {...confirmation}
            refusal={posted && "refusal" in posted ? posted.refusal : undefined}
            cancel={{ href: CHECKOUT_PATH }}
          />
        </section>
      ) : (
        confirmation && (
          <ConfirmOrderDialog {...confirmation} open={confirming} onOpenChange={setConfirming} />
        )
      )}
    </main>
  );
}

function CheckoutAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      {message} {children}
    </p>
  );
}

const NEW_ADDRESS_HEADING = "new-address-heading";
const NEW_ADDRESS_FORM = "new-address-form";

/**
 * The delivery address of a customer who has none yet, added without leaving the checkout: the
 * account's fields, with the CEP filling the rest.
 */
function NewAddress({ posted }: { posted: AddressActionData | undefined }) {
  const save = useFetcher<AddressActionData>({ key: NEW_ADDRESS_FORM });
  const answer = save.data ?? posted;
  return (
    <section
      aria-labelledby={NEW_ADDRESS_HEADING}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id={NEW_ADDRESS_HEADING} className="text-lg font-semibold">
        Endereço de entrega
      </h2>
      <p className="mt-1 text-sm text-slate-600">Informe onde quer receber o pedido.</p>
      <save.Form
        id={NEW_ADDRESS_FORM}
        method="post"
        action={CHECKOUT_PATH}
        className="mt-4 grid gap-3 sm:grid-cols-6"
        noValidate
      >
        <input type="hidden" name="intent" value="address" />
        <BeforeScriptsField />
        <AddressFields initial={EMPTY_ADDRESS_FIELDS} errors={answer?.errors ?? {}} />
        {/* Once the scripts run, a toast says it. */}
        <FormMessage message={posted && !posted.ok && !posted.errors ? posted.message : undefined} />
        <Button type="submit" className="sm:col-span-6" disabled={save.state !== "idle"}>
          {save.state !== "idle" ? "Salvando..." : "Salvar endereço"}
        </Button>
      </save.Form>
    </section>
  );
}

/**
 * The new address's answer, said by the checkout: the form itself is gone once the address is
 * saved and the page shows it.
 */
function useAddressToasts() {
  const save = useFetcher<AddressActionData>({ key: NEW_ADDRESS_FORM });
  useEffect(() => {
    if (!save.data || save.state !== "idle") return;
    if (save.data.ok) toast.success(NEW_ADDRESS_MESSAGES.added);
    else if (!save.data.errors) toast.error(save.data.message ?? NEW_ADDRESS_MESSAGES.failed);
  }, [save.data, save.state]);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Finalizar Compra"),
  { name: "robots", content: "noindex" },
];
