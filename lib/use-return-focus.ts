"use client";

import { useRef } from "react";

/**
 * Focus back to whatever opened a dialog when it closes. Radix does this only for a
 * <DialogTrigger>; these dialogs are opened from row buttons, cards and other dialogs. Returns
 * the handler for DialogContent's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: the dialog has not taken focus yet.
  if (open && !wasOpen.current && typeof document !== "undefined") opener.current = document.activeElement;
  wasOpen.current = open;
  return (event: Event) => {
    const element = opener.current;
    if (element instanceof HTMLElement && element.isConnected && element !== document.body) {
      event.preventDefault();
      element.focus();
    }
  };
}
