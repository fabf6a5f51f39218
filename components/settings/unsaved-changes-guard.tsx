"use client";

import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useOpenedOnce } from "@/components/ui/use-opened-once";

// The "Leave without saving?" dialog (a Radix alert dialog) loads when it is first needed, not with
// the screen (decision 182): fetched as soon as there is something unsaved, shown when a person leaves.
const loadLeaveDialog = () => import("@/components/settings/leave-without-saving-dialog");
const LeaveWithoutSavingDialog = dynamic(() => loadLeaveDialog().then((m) => m.LeaveWithoutSavingDialog), {
  ssr: false,
});

type Pending = { href: string } | { back: true };

/**
 * Warns before leaving a page with unsaved changes: closing the tab, reloading or typing an
 * address (the browser's own prompt, `beforeunload`); following a link inside the app (our
 * dialog: Next.js has no navigation-blocking API, so links are intercepted before Next sees
 * them); and the Back button (a guard history entry for the same URL, see below).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const router = useRouter();
  const [pending, setPendingState] = useState<Pending | null>(null);
  // The dialog's answer is taken once: closing it after 'Leave' must not also 'Stay'.
  const pendingRef = useRef<Pending | null>(null);
  const setPending = (next: Pending | null) => {
    pendingRef.current = next;
    setPendingState(next);
  };
  /** A guard entry of ours is on top of the history. */
  const isGuarding = useRef(false);
  const isMounted = useRef(true);
  /** Back steps we took ourselves (dropping the guard entry), whose popstate is not the person's. */
  const ownBackSteps = useRef(0);
  const dialogMounted = useOpenedOnce(pending !== null);

  // For the component's whole life, so a popstate of our own is recognised whenever it arrives.
  useEffect(() => {
    isMounted.current = true;
    const onPopState = () => {
      if (ownBackSteps.current > 0) {
        ownBackSteps.current -= 1;
        return;
      }
      if (!isGuarding.current) return;
      isGuarding.current = false;
      setPending({ back: true });
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      isMounted.current = false;
      window.removeEventListener("popstate", onPopState);
    };
  }, []);

  useEffect(() => {
    if (!when) return;
    // Something is unsaved: fetch the dialog now, so it is there when a person follows a link.
    void loadLeaveDialog();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // leaves the app: beforeunload asks
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      // Capture phase on the document: runs before React's handlers, so Next's <Link> never starts.
      event.preventDefault();
      event.stopPropagation();
      setPending({ href: `${url.pathname}${url.search}${url.hash}` });
    };
    // Back: a copy of this entry (Next's own state included, so Next treats it as this page)
    // sits on top; going back lands on the original, same page, and asks.
    if (!isGuarding.current) {
      window.history.pushState(window.history.state, "", window.location.href);
      isGuarding.current = true;
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      // Saved: drop the guard entry if it is still on top. Not when the page is going away
      // (the other effect's cleanup has run by the time this microtask does).
      queueMicrotask(() => {
        if (isGuarding.current && isMounted.current) {
          isGuarding.current = false;
          ownBackSteps.current += 1;
          window.history.back();
        }
      });
    };
  }, [when]);

  function stay() {
    const target = pendingRef.current;
    if (!target) return;
    setPending(null);
    if ("back" in target) {
      window.history.pushState(window.history.state, "", window.location.href);
      isGuarding.current = true;
    }
  }

  function leave() {
    const target = pendingRef.current;
    if (!target) return;
    setPending(null);
    isGuarding.current = false;
    if ("back" in target) window.history.back();
    else router.push(target.href);
  }

  return dialogMounted ? <LeaveWithoutSavingDialog open={pending !== null} onStay={stay} onLeave={leave} /> : null;
}
