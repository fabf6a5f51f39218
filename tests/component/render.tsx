// Renders a screen's component as the app does (TanStack Query with the app's retry rule), with the API answered by
// `stubApi` instead of a server: the states that need no layout (loading, error, empty, validation, disabled controls)
// are checked in a DOM here, not by a browser loading a page (docs/testing.md).
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { toast as sonnerToast } from "sonner";
import { vi } from "vitest";
import { makeQueryClient } from "@/components/providers";
import { Toaster } from "@/components/ui/sonner";

/**
 * What a stubbed route answers: JSON (status 200 unless given), a text body of a content type (a CSV download), or
 * "hold" to keep the request pending (a loading state).
 */
export type StubAnswer =
  { status?: number; json: unknown } | { status?: number; text: string; contentType: string } | "hold";

/**
 * A route's answer: at once, or computed from the request (its URL and init: method, body, signal). A promise is an
 * answer that arrives later (a slow server); like a browser's fetch, the request fails if its signal aborts first.
 */
export type StubRoute = StubAnswer | ((url: URL, init?: RequestInit) => StubAnswer | Promise<StubAnswer>);

/** What a route handler answers when it refuses: the one error shape, `{success: false, code, message}`. */
export function refusal(status: number, code: string, message: string) {
  return { status, json: { success: false as const, code, message } };
}

/** What the app's route handlers answer for an unexpected failure (server/http/api-route.ts). */
export const SERVER_ERROR = refusal(500, "internal", "Internal server error (request component)");

/**
 * Answers `fetch("/api/...")` by the first route whose pattern matches the path and query (e.g.
 * /^\/api\/audit\?/). A request no route names fails the test: a component that asks for more
 * than the test knows about is a change to look at. Answers the requests it saw, in order.
 */
export function stubApi(routes: readonly (readonly [RegExp, StubRoute])[]) {
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
    const answer = typeof route[1] === "function" ? route[1](url, init) : route[1];
    return new Promise<Response>((resolve, reject) => {
      if (init?.signal?.aborted) return reject(init.signal.reason);
      init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      void Promise.resolve(answer).then((settled) => settled !== "hold" && resolve(responseOf(settled)));
    });
  });
  return { seen, unknown };
}

/** A route that answers `answer` and keeps each request's JSON body in `bodies`, in order (what the screen sent). */
export function keepingBodies(bodies: unknown[], answer: StubAnswer): StubRoute {
  return (_, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return answer;
  };
}

function responseOf(answer: Exclude<StubAnswer, "hold">): Response {
  const [body, contentType] =
    "json" in answer ? [JSON.stringify(answer.json), "application/json"] : [answer.text, answer.contentType];
  return new Response(body, { status: answer.status ?? 200, headers: { "Content-Type": contentType } });
}

/**
 * Renders `ui` with the app's query client (components/providers.tsx: one retry for a 5xx) and its
 * Toaster (app/layout.tsx: nothing until the first toast), at `url` (the URL state screens read).
 * The theme provider is left out: it only writes a script for the first paint, and themes are a
 * browser's to check (contrast).
 */
export function renderScreen(ui: ReactElement, options: { url?: string } = {}) {
  window.history.replaceState(null, "", options.url ?? "/");
  // sonner keeps its toasts in the module and shows the active ones to each new Toaster: a toast of an earlier test
  // would be found by this one's findToast.
  sonnerToast.dismiss();
  // The app's retry rule as it is (one retry, for a 5xx or the network only), without TanStack's
  // second of waiting before it: a timer, not something the screen decides (issue 39: the states'
  // tests were mostly that wait).
  const client = makeQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/**
 * The toast (sonner's `[data-sonner-toast]` list item, e2e/tickets-page.ts' `toast`) that says `text`, once it shows;
 * a screen's own line with the same words does not count. Up to 5 s: a 5xx is asked twice, a second apart.
 */
export async function findToast(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text, { selector: "[data-sonner-toast] *" }, { timeout: 5_000 });
  return line.closest<HTMLElement>("[data-sonner-toast]")!;
}

/** What Playwright's `fill` does: the field's text replaced at once, in one input event (no typing delay to wait). */
export function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

/**
 * Runs `action` (a fill, a blur) and waits until what it started in promises has rendered: react-hook-form validates
 * through its resolver's promise, so a message shows a few microtasks after the change, not with it.
 */
export async function settle(action: () => void) {
  await act(async () => {
    action();
    await new Promise((resolve) => setImmediate(resolve));
  });
}

/** Fills `field` and leaves it (Playwright's `fill`, then `blur`), with what that starts settled. */
export async function fillAndLeave(field: HTMLElement, text: string) {
  await settle(() => {
    fill(field, text);
    fireEvent.blur(field);
  });
}

/**
 * The alerts in `container` that say `text` (e2e: `dialog.getByRole("alert").filter({ hasText })`); accessible ones
 * only, as a browser shows them. A form's message shows once, so a check expects one or none.
 */
export function alertsSaying(container: HTMLElement, text: string): HTMLElement[] {
  return within(container)
    .queryAllByRole("alert")
    .filter((alert) => alert.textContent?.includes(text));
}

/**
 * Every toast that shows from now on, however briefly, as "type: text" (sonner's data-type and the toast's text), in
 * the order they appeared: e2e/shell-defects.spec.ts' recordToasts. Stops with the test (the observer is dropped
 * with the document's nodes).
 */
export function recordToasts(): string[] {
  const seen: string[] = [];
  const report = () => {
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
      const line = `${toast.getAttribute("data-type")}: ${toast.textContent ?? ""}`;
      if (!seen.includes(line)) seen.push(line);
    }
  };
  new MutationObserver(report).observe(document.body, { childList: true, subtree: true });
  return seen;
}
