import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/*
 * Sonner (about 9 KB compressed, a fourteenth of a page's scripts) is fetched with the first
 * message instead of with every page: most visits show none, and the bytes a page fetches first
 * compete with its largest image (decision 0011). Sonner shows a message sent before its Toaster
 * mounted as soon as it mounts.
 */
const loadSonner = () => import("sonner");
const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: "success" | "error" | "info" | "warning", message: string, options?: ExternalToast) {
  if (!asked) {
    asked = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then((sonner) => sonner.toast[kind](message, options));
}

/** A message in a toast, as sonner's `toast` shows it. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
};

/** Where toasts appear, from the first message a page asks for. */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense>
      <Toaster position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
