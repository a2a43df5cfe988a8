import { clsx } from "clsx";
import { initials } from "../../lib/initials";

/** The user's photo, or their initials (up to 2 letters) when there is none. */
export function Avatar({
  name,
  email,
  avatarUrl,
  className,
}: {
  name: string;
  email: string;
  avatarUrl: string | null;
  className?: string;
}) {
  const classes = clsx(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full",
    className,
  );
  if (avatarUrl) {
    return <img src={avatarUrl} alt="" width={96} height={96} className={clsx(classes, "object-cover")} />;
  }
  return (
    <span aria-hidden className={clsx(classes, "bg-brand-100 font-semibold text-brand-700")}>
      {initials(name, email)}
    </span>
  );
}
