"use client";

// The browser side of lib/url-state.ts: a screen's parameters as values, and a setter that writes
// them to the URL with the History API (no request to the server; the App Router's
// useSearchParams follows it).
//
// The router shows a written URL one render later (it applies it in a transition). A value read
// from the router alone would lag a keystroke behind a controlled input (a date field would snap
// back), so what was just written is kept here and read at once, until the router shows it.
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useSearchParams } from "next/navigation";
import { readUrlState, writeUrlState, type UrlChanges, type UrlParsers, type UrlValues } from "@/lib/url-state";

export interface UrlStateOptions {
  /** "push" makes each change a history entry (Back returns to it); "replace" (the default) does not. */
  history?: "push" | "replace";
  /** Leave a value equal to its default out of the URL (default true). */
  clearOnDefault?: boolean;
}

/** The query just written, until the router shows it (null: read the router). */
let written: { path: string; query: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Back and Forward: the router's value is the truth again.
  const onPopState = () => {
    written = null;
    notify();
  };
  window.addEventListener("popstate", onPopState);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", onPopState);
  };
}

const readWritten = () => written;
const noWrite = () => null;

export function useUrlState<P extends UrlParsers>(
  parsers: P,
  options: UrlStateOptions = {},
): [UrlValues<P>, (changes: UrlChanges<P>, call?: Pick<UrlStateOptions, "history">) => void] {
  // The parsers are fixed for a screen's life (an object literal in a component is rebuilt on every render).
  const fixed = useRef({ parsers, options }).current;
  const routerQuery = useSearchParams().toString();
  const pending = useSyncExternalStore(subscribe, readWritten, noWrite);
  const path = typeof window === "undefined" ? "" : window.location.pathname;
  const query = pending && pending.path === path ? pending.query : routerQuery;

  useEffect(() => {
    // The router caught up (or a link led elsewhere): stop overriding it.
    if (written && (written.query === routerQuery || written.path !== window.location.pathname)) {
      written = null;
      notify();
    }
  }, [routerQuery]);

  const values = useMemo(() => readUrlState(fixed.parsers, new URLSearchParams(query)), [fixed, query]);

  const set = useCallback(
    (changes: UrlChanges<P>, call?: Pick<UrlStateOptions, "history">) => {
      const url = new URL(window.location.href);
      const next = writeUrlState(
        fixed.parsers,
        url.searchParams,
        changes,
        fixed.options.clearOnDefault ?? true,
      ).toString();
      if (next === url.searchParams.toString()) return;
      url.search = next;
      const mode = call?.history ?? fixed.options.history ?? "replace";
      written = { path: url.pathname, query: next };
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
      notify();
    },
    [fixed],
  );

  return [values, set];
}

/** One parameter: its value and a setter (null removes it). */
export function useUrlParam<T, D extends T | undefined = undefined>(
  key: string,
  parser: import("@/lib/url-state").UrlParser<T> & { defaultValue?: D },
  options?: UrlStateOptions,
): [D extends T ? T : T | null, (value: T | null, call?: Pick<UrlStateOptions, "history">) => void] {
  const [values, set] = useUrlState({ [key]: parser } as UrlParsers, options);
  const setValue = useCallback(
    (value: T | null, call?: Pick<UrlStateOptions, "history">) => set({ [key]: value }, call),
    [key, set],
  );
  return [values[key] as D extends T ? T : T | null, setValue];
}
