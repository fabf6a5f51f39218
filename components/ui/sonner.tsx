"use client";

import { Toaster as Sonner, toast as sonnerToast, type ExternalToast } from "sonner";

/** SPEC section 9: success toasts last 2000 ms; error and plain 4000 ms (the Toaster default); loading never expires. */
const SUCCESS_TOAST_MS = 2000;

/** Top-center, at most 20 at a time. */
function Toaster() {
  return <Sonner position="top-center" visibleToasts={20} duration={4000} richColors />;
}

const toast = Object.assign((message: string, data?: ExternalToast) => sonnerToast(message, data), {
  success: (message: string, data?: ExternalToast) => sonnerToast.success(message, { duration: SUCCESS_TOAST_MS, ...data }),
  error: (message: string, data?: ExternalToast) => sonnerToast.error(message, data),
  loading: (message: string, data?: ExternalToast) => sonnerToast.loading(message, { duration: Infinity, ...data }),
  dismiss: sonnerToast.dismiss,
});

export { Toaster, toast };
