"use client";

// One dialog for every decision that needs words (issue 21): ignore with a reason, accept a mismatch
// with a comment, un-verify a payment or discard an import with a reason.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { reasonFormSchema, type ReasonFormValues } from "@/lib/schemas/reconciliation";

export interface ReasonRequest {
  title: string;
  description: string;
  /** "Reason" or "Comment". */
  label: string;
  action: string;
  destructive?: boolean;
  run: (text: string) => Promise<unknown>;
}

export function ReasonDialog({ request, onOpenChange }: { request: ReasonRequest | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!request} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="reason-dialog">
        {request && (
          <>
            <DialogHeader>
              <DialogTitle>{request.title}</DialogTitle>
              <DialogDescription>{request.description}</DialogDescription>
            </DialogHeader>
            <ReasonForm request={request} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({ request, onDone }: { request: ReasonRequest; onDone: () => void }) {
  const form = useForm<ReasonFormValues>({ resolver: zodResolver(reasonFormSchema), defaultValues: { reason: "" }, mode: "onTouched" });
  const pending = form.formState.isSubmitting;
  async function submit(values: ReasonFormValues) {
    try {
      await request.run(values.reason);
      onDone();
    } catch {
      // The caller's toast said why; the dialog stays open.
    }
  }
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label={request.title}>
        <TextField<ReasonFormValues, "reason"> name="reason" label={request.label} multiline rows={3} disabled={pending} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant={request.destructive ? "destructive" : "default"} disabled={pending}>
            {request.action}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
