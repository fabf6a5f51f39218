"use client";

import { useEffect } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { toast } from "@/components/ui/sonner";

/** SPEC section 8: what each screen says when its statistics cannot be loaded. */
export const STATS_LOAD_ERRORS = {
  overview: "Failed to load dashboard statistics. Please check if the server is running.",
  analytics: "Failed to load analytics data. Please check if the server is running.",
  userSales: "Failed to load user sales data",
} as const;

/** One error toast per failed load (not per render), with the screen's message. */
export function useLoadErrorToast(query: Pick<UseQueryResult<unknown>, "isError" | "errorUpdatedAt">, message: string) {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(message, { id: `load-error:${message}` });
  }, [isError, errorUpdatedAt, message]);
}
