import { useState, type ChangeEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "../toasts";
import type { AddressFormValues } from "../account/address-form";
import { StateRegistrationField } from "../account/taxpayer-fields";
import { useCart } from "../cart/cart-context";
import { Button, buttonClasses } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField, FormMessage, inputClasses } from "../ui/form-field";
import { useHydrated } from "../use-hydrated";
import { OfferConditions, type OfferTerms } from "./offer-conditions";
import { PaymentMethodChoice } from "./payment-method-choice";
import { chosenOption, FreightChoice } from "./freight-choice";
import { NO_FREIGHT, type FreightAnswer } from "../../domain/shipping/freight-options";
import {
  checkoutRequestOf,
  checkoutRequestSchema,
  type CreatePaymentAnswer,
  type TaxpayerType,
} from "../../domain/orders/checkout-schema";
import { couponOutcomes, type CartCoupon } from "../../domain/cart/cart-coupon";
import { basketTotal, type BasketCoupon } from "../../domain/orders/order-total";
import type { PixPayment } from "../../domain/payments/pix-payment";
import type { PaymentMethod } from "../../lib/order-statuses";
import { CNPJ_LENGTH, CPF_DIGITS, maskCep, maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import { compactTaxId, onlyDigits } from "../../lib/tax-id";

/** Who pays, as the profile has it: the dialog starts from this and lets the customer edit it. */
export interface CheckoutCustomer {
  userType: TaxpayerType;
  name: string;
  phone: string;
  email: string;
  taxId: string;
  /** A company's inscrição estadual as its profile has it ("" for none); a person has none. */
  stateRegistration: string;
}

/** An address of the customer's, as the address book shows it. */
export type CheckoutAddress = AddressFormValues & { id: string };

interface ConfirmOrderFormProps {
  customer: CheckoutCustomer;
  addresses: CheckoutAddress[];
  /** The store's side of the offer, shown before 'Confirmar e Pagar'. */
  offerTerms: OfferTerms;
  /** Each address's freight, quoted by the server; null while freight is free to all of Brazil. */
  freightByAddress: Record<string, FreightAnswer> | null;
  /** Whether the store takes cards (`CARD_PROVIDER`): only then may the customer choose how to pay. */
  cardPayments: boolean;
  /** The coupon the customer applied in the cart or here, as the server read it. */
  coupon: CartCoupon | null;
  /** The key of this checkout attempt, made by the server so the page's form carries it before the scripts run. */
  checkoutKey: string;
  /** Why the server refused this form when it was posted before the scripts ran. */
  refusal?: string;
  /** 'Cancelar': close the dialog, or leave the confirmation on a page of its own. */
  cancel: { onClick(): void } | { href: string };
  /** While the order is being placed: a dialog then stays open. */
  onSubmittingChange?(submitting: boolean): void;
  onOrdered(orderId: string, pixData: PixPayment): void;
  /** A card order exists: the customer is to pay it on the card provider's checkout, at `url`. */
  onCardCheckout(orderId: string, url: string): void;
}

/**
 * 'Confirmar Dados do Pedido' (spec section 2, /checkout) in its dialog: the last look before the
 * PIX charge or, when the store takes cards and the customer chooses so, before the card
 * provider's checkout.
 */
export function ConfirmOrderDialog({
  open,
  onOpenChange,
  ...form
}: Omit<ConfirmOrderFormProps, "cancel" | "onSubmittingChange"> & {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={submitting ? undefined : onOpenChange}
      title="Confirmar Dados do Pedido"
      // With the offer's conditions it is taller than a phone's screen: it scrolls to its buttons.
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <ConfirmOrderForm
        {...form}
        cancel={{ onClick: () => onOpenChange(false) }}
        onSubmittingChange={setSubmitting}
      />
    </Dialog>
  );
}

/**
 * The confirmation's form. Once the scripts run it places the order with the create-payment
 * request and stays disabled while a field is invalid; before, it is a plain form posted to the
 * checkout page, which places the order from the customer's cart as the server has it.
 */
export function ConfirmOrderForm({
  customer,
  addresses,
  offerTerms,
  freightByAddress,
  cardPayments,
  coupon,
  checkoutKey,
  refusal,
  cancel,
  onSubmittingChange,
  onOrdered,
  onCardCheckout,
}: ConfirmOrderFormProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const cart = useCart();
  const person = customer.userType === "PF";
  const mask = person ? maskCpf : maskCnpj;
  const [name, setName] = useState(customer.name);
  const [phone, setPhone] = useState(maskPhone(customer.phone));
  const [email, setEmail] = useState(customer.email);
  const [taxId, setTaxId] = useState(mask(customer.taxId));
  const [stateRegistration, setStateRegistration] = useState(customer.stateRegistration);
  const [addressId, setAddressId] = useState((addresses.find((a) => a.isDefault) ?? addresses[0])!.id);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("pix");
  // The freight service chosen for each address; none chosen: its cheapest.
  const [freightChoices, setFreightChoices] = useState<Record<string, string>>({});
  const freightAnswer = freightByAddress?.[addressId];
  const freight = chosenOption(freightAnswer, freightChoices[addressId]);
  const freightCents = freight?.priceCents ?? 0;
  const [submitting, setSubmittingState] = useState(false);
  const setSubmitting = (next: boolean) => {
    setSubmittingState(next);
    onSubmittingChange?.(next);
  };
  // Confirm stays disabled while a field is invalid; this says why (a profile name with a digit
  // is refused here), judging the value the profile gave or the customer left, not each keystroke.
  const [typingIn, setTypingIn] = useState<string | null>(null);
  // One key per checkout attempt: a double click or a retried request creates one order.
  // After a refusal the next try is a new attempt; after a lost answer it is the same one.
  const [attemptKey, setAttemptKey] = useState(checkoutKey);

  const byCard = cardPayments && paymentMethod === "card";
  const pixDiscountBasisPoints = offerTerms.payment.pixDiscountBasisPoints;
  // The coupon's discount by each method with this freight: the one of the method chosen is sent
  // as seen, and placing the order gives exactly it or says why not.
  const outcomes =
    coupon && couponOutcomes(coupon, cart.items, pixDiscountBasisPoints, freightCents, new Date());
  const couponBy = (method: PaymentMethod): BasketCoupon | null => {
    const applied = outcomes?.[method];
    return applied?.ok ? { code: coupon!.code, ...applied } : null;
  };
  const couponApplied = couponBy(byCard ? "card" : "pix");
  const request = checkoutRequestOf(
    cart.items,
    {
      name,
      email,
      phone: onlyDigits(phone),
      taxId: compactTaxId(taxId),
      ...(!person && { stateRegistration }),
    },
    addressId,
    byCard ? "card" : "pix",
    freight ? { service: freight.serviceCode, seenCents: freight.priceCents } : undefined,
    couponApplied ? { code: couponApplied.code, seenCents: couponApplied.discountCents } : undefined,
  );
  // Quoted freight with no service for the address: nothing to confirm.
  const noFreight = freightByAddress !== null && freight === null;
  const validation = checkoutRequestSchema(customer.userType).safeParse(request);
  const issueAt = (field: string) =>
    validation.error?.issues.find((issue) => issue.path.join(".") === `customer.${field}`)?.message;
  /** A customer field's props: its value as typed, and its message once the customer moves on. */
  const editable = (field: string, value: string, set: (value: string) => void) => ({
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      setTypingIn(field);
    },
    onBlur: () => setTypingIn(null),
    error: (value.trim() !== "" && typingIn !== field && issueAt(field)) || undefined,
  });
  const taxIdLength = person ? CPF_DIGITS : CNPJ_LENGTH;
  const taxIdError = compactTaxId(taxId).length === taxIdLength && issueAt("taxId");
  const address = addresses.find((candidate) => candidate.id === addressId);
  const priced = cart.items.map((item) => ({ unitPriceCents: item.priceCents, quantity: item.quantity }));
  const totalBy = (method: PaymentMethod) =>
    basketTotal(priced, method, pixDiscountBasisPoints, freight, couponBy(method)).totalCents;

  const confirm = async () => {
    setSubmitting(true);
    try {
      const response = await fetch("/api/create-payment", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": attemptKey },
        body: JSON.stringify(request),
      });
      const answer = (await response.json()) as CreatePaymentAnswer;
      if (!answer.success) {
        setAttemptKey(crypto.randomUUID());
        // A freight that moved shows at its new price once the page is read again.
        if (freightByAddress) void revalidator.revalidate();
      }
      if (answer.error) toast.error(answer.error);
      else if (!answer.success || !answer.orderId) toast.error("Falha ao criar pagamento");
      else if (answer.cardCheckoutUrl && isWebAddress(answer.cardCheckoutUrl))
        onCardCheckout(answer.orderId, answer.cardCheckoutUrl);
      else if (answer.pixData) onOrdered(answer.orderId, answer.pixData);
      else toast.error("Falha ao criar pagamento");
    } catch {
      toast.error("Erro ao processar checkout");
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      method="post"
      action="/checkout?etapa=confirmar"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (validation.success && !submitting) void confirm();
      }}
    >
      <input type="hidden" name="intent" value="place-order" />
      <input type="hidden" name="checkoutKey" value={attemptKey} />
      {coupon && (
        // Before the scripts run, the discount seen by each method: the server takes the chosen one's.
        <>
          <input type="hidden" name="couponCode" value={coupon.code} />
          <input type="hidden" name="couponSeenPix" value={couponBy("pix")?.discountCents ?? ""} />
          <input type="hidden" name="couponSeenCard" value={couponBy("card")?.discountCents ?? ""} />
        </>
      )}
      <FormMessage message={refusal} />
      <FormField
        label={person ? "Nome completo" : "Razão social"}
        name="name"
        {...editable("name", name, setName)}
        autoComplete="name"
        maxLength={100}
        required
      />
      <FormField
        label="Telefone"
        name="phone"
        {...editable("phone", phone, (typed) => setPhone(maskPhone(typed)))}
        inputMode="tel"
        autoComplete="tel"
        required
      />
      <FormField
        label="E-mail"
        name="email"
        type="email"
        {...editable("email", email, setEmail)}
        autoComplete="email"
        maxLength={255}
        required
      />
      <FormField
        label={person ? "CPF" : "CNPJ"}
        name="taxId"
        value={taxId}
        onChange={(event) => setTaxId(mask(event.target.value))}
        {...(person
          ? { inputMode: "numeric" as const }
          : { autoCapitalize: "characters", autoCorrect: "off", spellCheck: false })}
        maxLength={person ? 14 : 18}
        error={taxIdError || undefined}
        required
      />
      {!person && (
        <StateRegistrationField {...editable("stateRegistration", stateRegistration, setStateRegistration)} />
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="checkout-address" className="text-sm font-medium text-slate-700">
          Endereço de entrega
        </label>
        <select
          id="checkout-address"
          name="addressId"
          className={inputClasses}
          value={addressId}
          onChange={(event) => setAddressId(event.target.value)}
        >
          {addresses.map((option) => (
            <option key={option.id} value={option.id}>
              {option.street}, {option.number}
              {option.isDefault ? " (padrão)" : ""}
            </option>
          ))}
        </select>
      </div>
      {address && (
        <address className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 not-italic">
          {address.street}, {address.number}
          {address.complement ? ` - ${address.complement}` : ""}
          <br />
          {address.neighborhood} - {address.city}/{address.state}
          <br />
          CEP {maskCep(address.cep)}
        </address>
      )}
      {freightByAddress &&
        (hydrated
          ? freightAnswer && (
              <FreightChoice
                addressId={addressId}
                legend="Frete"
                answer={freightAnswer}
                chosen={freightChoices[addressId]}
                onChoose={(option) =>
                  setFreightChoices({ ...freightChoices, [addressId]: option.serviceCode })
                }
                disabled={submitting}
              />
            )
          : // Before the scripts run, each address's services: the one posted goes with its address.
            addresses.map((option) => (
              <FreightChoice
                key={option.id}
                addressId={option.id}
                legend={`Frete para ${option.street}, ${option.number}`}
                answer={freightByAddress[option.id] ?? NO_ANSWER}
                chosen={undefined}
                onChoose={() => undefined}
              />
            )))}
      {cardPayments && (
        <PaymentMethodChoice
          value={paymentMethod}
          onChange={(method) => {
            setPaymentMethod(method);
            // Another method is another attempt: the key would answer with the order of the other.
            setAttemptKey(crypto.randomUUID());
          }}
          listCents={totalBy("card")}
          pixCents={totalBy("pix")}
          terms={offerTerms.payment}
          disabled={submitting}
        />
      )}
      <OfferConditions
        lines={cart.items}
        terms={offerTerms}
        paymentMethod={byCard ? "card" : "pix"}
        freight={freight}
        coupon={couponApplied}
      />
      <div className="mt-2 flex justify-end gap-2">
        {"href" in cancel ? (
          <Link to={cancel.href} className={buttonClasses("outline", "md")}>
            Cancelar
          </Link>
        ) : (
          <Button variant="outline" disabled={submitting} onClick={cancel.onClick}>
            Cancelar
          </Button>
        )}
        {/* Before the scripts run, the server checks the fields and says what is wrong. */}
        <Button type="submit" disabled={(hydrated && (!validation.success || noFreight)) || submitting}>
          {submitting ? "Processando..." : "Confirmar e Pagar"}
        </Button>
      </div>
    </form>
  );
}

const NO_ANSWER: FreightAnswer = { kind: "none", message: NO_FREIGHT };

/** The checkout's address is the server's, but only a web page is a place to send the browser to. */
function isWebAddress(url: string): boolean {
  try {
    return ["https:", "http:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
