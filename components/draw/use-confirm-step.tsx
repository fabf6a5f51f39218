"use client";

// Ask before a step that cannot be undone: `ask(value)` opens the confirmation; its button runs
// `run(value)`. The dialog's code loads the first time it is asked for.
import { useState } from "react";
import dynamic from "next/dynamic";
import type { ConfirmStepDialogProps } from "@/components/draw/confirm-step-dialog";
import { useOpenedOnce } from "@/components/ui/use-opened-once";

const LazyConfirmStepDialog = dynamic(
  () => import("@/components/draw/confirm-step-dialog").then((m) => m.ConfirmStepDialog),
  { ssr: false },
);

export function useConfirmStep<T>(
  step: Omit<ConfirmStepDialogProps, "open" | "onConfirm" | "onCancel">,
  run: (value: T) => unknown,
) {
  const [pending, setPending] = useState<{ value: T } | null>(null);
  const mounted = useOpenedOnce(pending !== null);
  const dialog = mounted ? (
    <LazyConfirmStepDialog
      {...step}
      open={pending !== null}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (!pending) return;
        setPending(null);
        void run(pending.value);
      }}
    />
  ) : null;
  return { ask: (value: T) => setPending({ value }), dialog };
}
