"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * `value` once it has stopped changing for `delayMs`, and a `flush` that takes the current value
 * at once (Enter in a search field should not wait for the debounce).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}
