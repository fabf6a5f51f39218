"use client";

// The confirmation before a step of the raffle that cannot be undone (Close sales, Commit, Draw,
// Publish; issue 38 item 3, decision 202): it names the consequence and, where something public is
// fixed, the public URL's warning. Loaded on first use (decision 179's pattern).
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { PublicUrlWarning } from "@/components/public-url/public-url-warning";
import type { PublicUrlView } from "@/lib/public-url";

export interface ConfirmStepDialogProps {
  open: boolean;
  title: string;
  consequence: string;
  confirmLabel: string;
  publicUrl?: PublicUrlView;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmStepDialog({
  open,
  title,
  consequence,
  confirmLabel,
  publicUrl,
  onConfirm,
  onCancel,
}: ConfirmStepDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent data-testid="confirm-step-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{consequence}</AlertDialogDescription>
        </AlertDialogHeader>
        <PublicUrlWarning view={publicUrl} />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
