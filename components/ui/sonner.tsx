"use client";

// The app's toasts (sonner), loaded on the first toast (decision 175): most page loads show none,
// and sonner is about 7 kB gzipped on every screen. `toast` can be called at once from anywhere;
// the first call fetches sonner, mounts its Toaster and then shows the toast (sonner keeps toasts
// made before its Toaster subscribes and shows them when it does). Calls keep their order.
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/** SPEC section 9: success toasts last 2000 ms; error and plain 4000 ms (the Toaster default). */
const SUCCESS_TOAST_MS = 2000;

type SonnerModule = typeof import("sonner");

let sonner: Promise<SonnerModule> | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<SonnerModule> {
  if (!sonner) {
    sonner = import("sonner");
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** Top-center, at most 20 at a time. If sonner's chunk cannot be fetched (offline, a new deployment), nothing shows
 * rather than the page failing. */
const SonnerToaster = lazy(() =>
  loadSonner().then<{ default: React.ComponentType }, { default: React.ComponentType }>(
    ({ Toaster: Sonner }) => ({
      default: function AppToaster() {
        return <Sonner position="top-center" visibleToasts={20} duration={4000} richColors />;
      },
    }),
    () => ({ default: () => null }),
  ),
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once in the root layout; renders sonner's Toaster from the first toast on. */
function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => sonner !== undefined,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

function show(call: (module: SonnerModule) => void) {
  loadSonner().then(call, () => undefined);
}

const toast = Object.assign((message: string, data?: ExternalToast) => show(({ toast: t }) => t(message, data)), {
  success: (message: string, data?: ExternalToast) =>
    show(({ toast: t }) => t.success(message, { duration: SUCCESS_TOAST_MS, ...data })),
  error: (message: string, data?: ExternalToast) => show(({ toast: t }) => t.error(message, data)),
});

export { Toaster, toast };
