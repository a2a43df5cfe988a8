import { lazy, Suspense, useState } from "react";
import { Avatar } from "../account/avatar";
import type { MenuUser } from "./user-menu";

const loadMenu = () => import("./user-menu");
const UserMenu = lazy(() => loadMenu().then((module) => ({ default: module.UserMenu })));

/**
 * The signed-in customer's menu button. The menu itself (Radix's dropdown, with its positioning
 * and focus layers) is fetched and drawn, open, when the customer first reaches for it: until then
 * a signed-in page hydrates this plain button, and nothing of the menu runs while the page starts
 * (decision 0011). Visitors never load it.
 */
export function UserMenuButton({ user }: { user: MenuUser }) {
  const [wanted, setWanted] = useState(false);
  const face = (
    <>
      {/* Named by its text, not aria-label: the initials shown are decoration, and a label
          leaving out the visible text breaks WCAG's 'label in name'. */}
      <span className="sr-only">Menu da conta de {user.name}</span>
      <Avatar name={user.name} email={user.email} avatarUrl={user.avatarUrl} className="size-9 text-sm" />
    </>
  );
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={BUTTON_CLASSES}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      {face}
    </button>
  );
  if (!wanted) return button;
  const trigger = (
    <button type="button" className={BUTTON_CLASSES}>
      {face}
    </button>
  );
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} trigger={trigger} />
    </Suspense>
  );
}

const BUTTON_CLASSES =
  "rounded-full focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none";
