"use client";

// The Draw screen's position dialog (disqualify or reinstate a drawn position), loaded the first
// time it is opened (decision 179): its forms and the Radix dialog are not part of the Draw
// screen's first load. Once opened it stays mounted (useOpenedOnce), to animate closed and give
// focus back.
import dynamic from "next/dynamic";

export const LazyPositionDialog = dynamic(
  () => import("@/components/draw/position-dialog").then((m) => m.PositionDialog),
  { ssr: false },
);
