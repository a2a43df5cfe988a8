import { ExternalLink } from "lucide-react";
import { buttonClasses } from "../ui/button";

/** 'Rastrear na Jadlog': the carrier's own tracking page, in a new tab. */
export function CarrierTrackingLink({ link }: { link: { label: string; href: string } }) {
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "sm")}>
      {link.label}
      <ExternalLink aria-hidden className="size-4" />
    </a>
  );
}
