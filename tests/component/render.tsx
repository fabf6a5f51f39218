// Renders a screen's component as the app does (TanStack Query with the app's retry rule), with the API answered by
// `stubApi` instead of a server: the states that need no layout (loading, error, empty, validation, disabled controls)
// are checked in a DOM here, not by a browser loading a page (docs/testing.md).
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { makeQueryClient } from "@/components/providers";

/**
 * What a stubbed route answers: JSON (status 200 unless given), or "hold" to keep the request pending (a loading
 * state).
 */
export type StubAnswer = { status?: number; json: unknown } | "hold";

/** What the app's route handlers answer for an unexpected failure (server/http/api-route.ts). */
export const SERVER_ERROR = {
  status: 500,
  json: { success: false, code: "internal", message: "Internal server error (request component)" },
} as const;

/**
 * Answers `fetch("/api/...")` by the first route whose pattern matches the path and query (e.g.
 * /^\/api\/audit\?/). A request no route names fails the test: a component that asks for more
 * than the test knows about is a change to look at. Answers the requests it saw, in order.
 */
export function stubApi(routes: [RegExp, StubAnswer | ((url: URL) => StubAnswer)][]) {
  const seen: string[] = [];
  const unknown: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://127.0.0.1",
    );
    const path = `${url.pathname}${url.search}`;
    seen.push(`${init?.method ?? "GET"} ${path}`);
    const route = routes.find(([pattern]) => pattern.test(path));
    if (!route) {
      unknown.push(path);
      return Promise.resolve(
        new Response(JSON.stringify({ success: false, code: "not_found", message: `no stub for ${path}` }), {
          status: 404,
        }),
      );
    }
    const answer = typeof route[1] === "function" ? route[1](url) : route[1];
    if (answer === "hold") {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify(answer.json), {
        status: answer.status ?? 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
  return { seen, unknown };
}

/**
 * Renders `ui` with the app's query client (components/providers.tsx: one retry for a 5xx), at
 * `url` (the URL state screens read). The theme provider is left out: it only writes a script for
 * the first paint, and themes are a browser's to check (contrast).
 */
export function renderScreen(ui: ReactElement, options: { url?: string } = {}) {
  window.history.replaceState(null, "", options.url ?? "/");
  return render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);
}
