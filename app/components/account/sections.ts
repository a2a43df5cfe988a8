import {
  Heart,
  Home,
  LayoutDashboard,
  MapPin,
  Package,
  Settings,
  Shield,
  Star,
  Truck,
  User,
  type LucideIcon,
} from "lucide-react";

export interface AccountSection {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The account sidebar, in the spec's order. */
export const ACCOUNT_SECTIONS: AccountSection[] = [
  { to: "/account", label: "Visão Geral", icon: LayoutDashboard },
  { to: "/account/profile", label: "Meu Perfil", icon: User },
  { to: "/account/addresses", label: "Endereços", icon: MapPin },
  { to: "/account/orders", label: "Meus Pedidos", icon: Package },
  { to: "/account/track", label: "Rastrear Pedido", icon: Truck },
  { to: "/account/favorites", label: "Meus Favoritos", icon: Heart },
  { to: "/account/reviews", label: "Avaliações", icon: Star },
  { to: "/account/settings", label: "Configurações", icon: Settings },
  { to: "/", label: "Início", icon: Home },
  { to: "/admin", label: "Admin", icon: Shield, adminOnly: true },
];
