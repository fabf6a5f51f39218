"use client";

// The remittance dialogs, loaded the first time one is opened (decision 178): their forms, zod
// refinements and the dialog primitives are not part of Remittances' or a statement's first load.
// Once opened a dialog stays mounted (useOpenedOnce), so it animates closed and gives focus back.
import dynamic from "next/dynamic";

export const LazyRecordRemittanceDialog = dynamic(
  () => import("@/components/remittances/record-remittance-dialog").then((m) => m.RecordRemittanceDialog),
  { ssr: false },
);
export const LazyAllocateStubsDialog = dynamic(
  () => import("@/components/remittances/allocate-stubs-dialog").then((m) => m.AllocateStubsDialog),
  { ssr: false },
);
export const LazyVoidRemittanceDialog = dynamic(
  () => import("@/components/remittances/void-remittance-dialog").then((m) => m.VoidRemittanceDialog),
  { ssr: false },
);
export const LazyAdjustBalanceDialog = dynamic(
  () => import("@/components/remittances/adjust-balance-dialog").then((m) => m.AdjustBalanceDialog),
  { ssr: false },
);
export const LazyReturnStubsDialog = dynamic(
  () => import("@/components/remittances/return-stubs-dialog").then((m) => m.ReturnStubsDialog),
  { ssr: false },
);
