import {
  CircleCheck,
  CircleX,
  Clock,
  Package,
  PackageCheck,
  Truck,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { fulfilmentLabel, ORDER_STATUS_LABELS, type OrderStatus } from "../../domain/orders/order-lifecycle";
import { Badge, type BadgeVariant } from "../ui/badge";

/** Spec section 4 (and the after-sale statuses): each status's badge, an icon beside its label. */
const STATUS_BADGES: Record<OrderStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  pending: { variant: "secondary", icon: Clock },
  processing: { variant: "default", icon: Package },
  completed: { variant: "outline", icon: CircleCheck },
  cancelled: { variant: "destructive", icon: CircleX },
  shipped: { variant: "default", icon: Truck },
  delivered: { variant: "outline", icon: PackageCheck },
  return_requested: { variant: "secondary", icon: Undo2 },
  returned: { variant: "outline", icon: Undo2 },
};

/**
 * An order's status as a badge: the panel's label, or, given whether it is paid, where the order
 * is in plain words ('Aguardando envio', 'Em separação'…).
 */
export function OrderStatusBadge({ status, paid }: { status: OrderStatus; paid?: boolean }) {
  const { variant, icon } = STATUS_BADGES[status];
  return (
    <Badge variant={variant} icon={icon}>
      {paid === undefined ? ORDER_STATUS_LABELS[status] : fulfilmentLabel({ status, paid })}
    </Badge>
  );
}
