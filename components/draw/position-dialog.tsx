"use client";

// Disqualify or reinstate one drawn position (docs/decisions/107): a reason is required; the
// history keeps every step.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Field, TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { DISQUALIFY_REASON_LABELS, DISQUALIFY_REASONS } from "@/lib/draw";
import { useAddEvidence, usePositionAction } from "@/lib/queries/draw";
import type { DisqualifyFormValues, ReinstateFormValues } from "@/lib/schemas/draw-form";
import { useReturnFocus } from "@/lib/use-return-focus";

export interface PositionTarget {
  drawId: string;
  position: number;
  controlNumber: string;
  action: "disqualify" | "reinstate";
}

const SELECT_CLASS = "border-input bg-background h-9 w-full rounded-md border px-3 text-sm";

export function PositionDialog({ target, onClose }: { target: PositionTarget | null; onClose: () => void }) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(Boolean(target));
  return (
    <Dialog open={Boolean(target)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        {target && (
          <>
            <DialogHeader>
              <DialogTitle>
                {target.action === "disqualify" ? "Disqualify" : "Reinstate"} position {target.position}
              </DialogTitle>
              <DialogDescription>
                Ticket {target.controlNumber}.{" "}
                {target.action === "disqualify"
                  ? "The next backup becomes the winner. Nothing is drawn again."
                  : "The position returns to the state it had."}
              </DialogDescription>
            </DialogHeader>
            {target.action === "disqualify" ? (
              <DisqualifyForm target={target} onDone={onClose} />
            ) : (
              <ReinstateForm target={target} onDone={onClose} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DisqualifyForm({ target, onDone }: { target: PositionTarget; onDone: () => void }) {
  const action = usePositionAction();
  const addEvidence = useAddEvidence();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<DisqualifyFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/draw-form").then((m) => m.disqualifyFormSchema)),
    defaultValues: { reason: "ineligible_buyer", note: "" },
  });
  async function submit(values: DisqualifyFormValues) {
    try {
      await action.mutateAsync({
        drawId: target.drawId,
        position: target.position,
        action: "disqualify",
        body: { reason: values.reason, note: values.note || undefined },
      });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to disqualify"));
      return;
    }
    if (file) {
      try {
        await addEvidence.mutateAsync({ drawId: target.drawId, position: target.position, file });
      } catch (error) {
        toast.error(
          `Position ${target.position} disqualified, but the evidence was ` +
            `not attached: ${errorMessage(error, "failed")}`,
        );
        onDone();
        return;
      }
    }
    toast.success(`Position ${target.position} disqualified${file ? " with evidence" : ""}`);
    onDone();
  }
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
        <Field<DisqualifyFormValues, "reason">
          name="reason"
          label="Reason"
          render={(field) => (
            <select {...field} className={SELECT_CLASS}>
              {DISQUALIFY_REASONS.map((r) => (
                <option key={r} value={r}>
                  {DISQUALIFY_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        />
        <TextField<DisqualifyFormValues> name="note" label="Note" multiline rows={3} />
        <div className="space-y-1">
          <Label htmlFor="disqualify-evidence">Evidence file (optional)</Label>
          <Input
            id="disqualify-evidence"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
            aria-describedby="disqualify-evidence-hint"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <p id="disqualify-evidence-hint" className="text-sm text-muted-foreground">
            A photo or PDF up to 10 MB, kept with the disqualification.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
            Disqualify
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function ReinstateForm({ target, onDone }: { target: PositionTarget; onDone: () => void }) {
  const action = usePositionAction();
  const form = useForm<ReinstateFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/draw-form").then((m) => m.reinstateFormSchema)),
    defaultValues: { reason: "" },
  });
  async function submit(values: ReinstateFormValues) {
    try {
      await action.mutateAsync({
        drawId: target.drawId,
        position: target.position,
        action: "reinstate",
        body: { reason: values.reason },
      });
      toast.success(`Position ${target.position} reinstated`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to reinstate"));
    }
  }
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
        <TextField<ReinstateFormValues> name="reason" label="Reason" multiline rows={3} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Reinstate
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
