import { CheckCircle2, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "../toasts";
import { Button, type ButtonProps } from "./button";

/** How long the button says it copied. */
const COPIED_MS = 2_000;

/**
 * A button that copies `text` for the customer to paste elsewhere (a PIX code in the bank's app, a
 * boleto's line at a bank), says so in a toast, and reads `copiedLabel` for 2 s after.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  copiedMessage,
  failedMessage,
  ...props
}: Omit<ButtonProps, "onClick" | "children"> & {
  text: string;
  label: string;
  copiedLabel: string;
  /** The toast once copied, and the one when the browser refused. */
  copiedMessage: string;
  failedMessage: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copiedMessage);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(failedMessage);
    }
  };

  return (
    <Button {...props} onClick={copy}>
      {copied ? <CheckCircle2 aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? copiedLabel : label}
    </Button>
  );
}
