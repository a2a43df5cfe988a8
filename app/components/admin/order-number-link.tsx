import { Link } from "react-router";
import { orderNumber } from "../../lib/order-number";

/** An order's number, linking to its page in the panel. */
export function OrderNumberLink({ orderId }: { orderId: string }) {
  return (
    <Link to={`/admin/orders/${orderId}`} className="font-mono text-brand-700 hover:underline">
      #{orderNumber(orderId)}
    </Link>
  );
}
