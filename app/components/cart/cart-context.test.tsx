import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CartProvider, useCart, useCartActions } from "./cart-context";

function CartReader() {
  const cart = useCart();
  return <p>{cart.totalQuantity} itens</p>;
}

function AddButton() {
  const { add } = useCartActions();
  const cart = useCart();
  return <button type="button">{add === cart.add ? "as ações do carrinho" : "outras ações"}</button>;
}

describe("the cart's hooks", () => {
  it("read the cart and the very actions it carries inside the provider", () => {
    const html = renderToStaticMarkup(
      <CartProvider signedIn={false}>
        <CartReader />
        <AddButton />
      </CartProvider>,
    );
    expect(html).toBe('<p>0 itens</p><button type="button">as ações do carrinho</button>');
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
