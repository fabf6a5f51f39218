"use client";

// The browser-side providers every screen relies on: server state (TanStack Query) and the
// light/dark theme (next-themes, kept in the browser's localStorage). URL state needs no provider
// (lib/use-url-state.ts).
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { ApiError } from "@/lib/api-client";

/** How long fetched data counts as fresh before a screen refetches it on mount or focus. */
const STALE_TIME_MS = 30_000;

/** The app's query client (exported for the component tests, tests/component/render.tsx). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // A 4xx will answer the same again; only network trouble and 5xx are worth one retry.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  children,
  defaultTheme,
  nonce,
}: {
  children: React.ReactNode;
  defaultTheme: "light" | "dark";
  nonce?: string;
}) {
  // One client per browser tab (never shared between requests on the server).
  const [queryClient] = useState(makeQueryClient);
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme={defaultTheme}
      enableSystem={false}
      disableTransitionOnChange
      nonce={nonce}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
