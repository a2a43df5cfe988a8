import { ORDER_STATUS_LABELS, type OrderStatus } from "../../domain/orders/order-status";
import { Badge, type BadgeVariant } from "../ui/badge";

/** Spec section 4: the badge style of each order status. */
const STATUS_BADGES: Record<OrderStatus, BadgeVariant> = {
  pending: "secondary",
  processing: "default",
  completed: "outline",
  cancelled: "destructive",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={STATUS_BADGES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
