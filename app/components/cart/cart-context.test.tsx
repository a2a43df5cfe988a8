import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CartProvider, useCart, useCartActions } from "./cart-context";

function CartReader() {
  const cart = useCart();
  return <p>{cart.totalQuantity} itens</p>;
}

function AddButton() {
  const { add } = useCartActions();
  return <button type="button">{typeof add}</button>;
}

describe("the cart's hooks", () => {
  it("read the cart and its actions inside the provider", () => {
    const html = renderToStaticMarkup(
      <CartProvider signedIn={false}>
        <CartReader />
        <AddButton />
      </CartProvider>,
    );
    expect(html).toBe('<p>0 itens</p><button type="button">function</button>');
  });

  it("refuse to be used outside the provider, naming the hook", () => {
    expect(() => renderToStaticMarkup(<CartReader />)).toThrow(
      "useCart deve ser usado dentro de CartProvider",
    );
    expect(() => renderToStaticMarkup(<AddButton />)).toThrow(
      "useCartActions deve ser usado dentro de CartProvider",
    );
  });
});
