// The component project's setup (vitest + happy-dom + Testing Library, docs/testing.md): every
// render is removed after its test, and every API stub with it.
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// React warns unless it is told that tests wrap their updates (Testing Library does, through act).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

// The App Router is not mounted in a DOM test: its hooks read the document's URL (which
// lib/use-url-state.ts writes with the History API, as in the app) and navigation is recorded.
vi.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(window.location.search),
  usePathname: () => window.location.pathname,
  useRouter: () => ({
    push: vi.fn(),
    replace: vi.fn(),
    refresh: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(),
  }),
}));
