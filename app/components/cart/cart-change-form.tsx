import type { ReactNode } from "react";
import type { CartRequest } from "../../domain/cart/cart-request";

/**
 * A cart change as a plain form: before the scripts run it is posted to `/cart`, which changes
 * the cart on the server and shows it; once they run, the page's cart applies it as before
 * (`onChange`) and nothing is posted. The change travels in the action's query rather than in
 * hidden fields: a page of 24 cards would otherwise hydrate 48 inputs. `display: contents` keeps
 * the button where it was laid out.
 */
export function CartChangeForm({
  change,
  onChange,
  children,
}: {
  change: Exclude<CartRequest, { intent: "merge" }>;
  onChange: () => void;
  children: ReactNode;
}) {
  const fields = Object.entries(change).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return (
    <form
      method="post"
      action={`/cart?${new URLSearchParams(fields)}`}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onChange();
      }}
    >
      {children}
    </form>
  );
}
