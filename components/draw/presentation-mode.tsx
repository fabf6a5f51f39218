"use client";

// Presentation mode (issue 23, docs/decisions/128): the button that opens the drawn sequence
// full-screen for the audience. The presentation (presentation-dialog.tsx, with the Radix dialog)
// loads the first time it is opened (decision 179), so it is not part of the Draw screen's first load.
import { useState } from "react";
import dynamic from "next/dynamic";
import { Presentation } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { AdminDraw } from "@/lib/schemas/draw";

const LazyPresentationDialog = dynamic(
  () => import("@/components/draw/presentation-dialog").then((m) => m.PresentationDialog),
  { ssr: false },
);

export function PresentationMode({ draw }: { draw: AdminDraw }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(0);
  const mounted = useOpenedOnce(open);

  function openPresentation() {
    setShown(0);
    setOpen(true);
    // Best effort: the browser may refuse full screen (the dialog covers the window anyway).
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  }
  function close(next: boolean) {
    setOpen(next);
    if (!next && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }

  return (
    <>
      <Button variant="outline" onClick={openPresentation} aria-haspopup="dialog">
        <Presentation />
        Presentation mode
      </Button>
      {mounted && (
        <LazyPresentationDialog draw={draw} open={open} onOpenChange={close} shown={shown} onShownChange={setShown} />
      )}
    </>
  );
}
