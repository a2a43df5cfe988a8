import type { ReactNode } from "react";
import type { CartRequest } from "../../domain/cart/cart-request";

/**
 * A cart change as a plain form: before the scripts run it is posted to `/cart`, which changes
 * the cart on the server and shows it; once they run, the page's cart applies it as before
 * (`onChange`) and nothing is posted. `display: contents` keeps the button where it was laid out.
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
  return (
    <form
      method="post"
      action="/cart"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onChange();
      }}
    >
      {Object.entries(change).flatMap(([name, value]) =>
        value === undefined ? [] : [<input key={name} type="hidden" name={name} value={value} />],
      )}
      {children}
    </form>
  );
}
