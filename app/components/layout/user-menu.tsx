import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, User } from "lucide-react";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { useSignOut } from "../account/use-sign-out";

export interface MenuUser {
  name: string;
  email: string;
  avatarUrl: string | null;
}

/**
 * The signed-in customer's menu in the top bar: who they are, their account, sign out. Drawn open,
 * around its button (`trigger`), when the customer first reaches for it (`UserMenuButton`).
 */
export function UserMenu({ user, trigger }: { user: MenuUser; trigger: ReactElement }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link
              to="/account"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-highlighted:bg-slate-100"
            >
              <User aria-hidden className="size-4" />
              Minha Conta
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={signOut}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-highlighted:bg-slate-100"
          >
            <LogOut aria-hidden className="size-4" />
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
