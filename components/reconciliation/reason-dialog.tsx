"use client";

// One dialog for every decision that needs words (issue 21): ignore with a reason, accept a mismatch
// with a comment, un-verify a payment or discard an import with a reason. A reason and a comment are
// checked by their own schemas in lib/schemas/reconciliation.ts, so an empty comment says what the
// API's 422 comment_required says (decision 142). Settling by hand also takes an optional evidence
// file (decision 235), sent with the reason in one request.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/field";
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
import { ATTACHMENT_ACCEPT } from "@/lib/api/ticket-files";
import {
  commentFormSchema,
  reasonFormSchema,
  type CommentFormValues,
  type ReasonFormValues,
} from "@/lib/schemas/reconciliation";
import { useReturnFocus } from "@/lib/use-return-focus";

export interface ReasonRequest {
  title: string;
  description: string;
  /** A reason (ignore, un-verify, discard) or a comment (accepting a mismatch). */
  kind: "reason" | "comment";
  action: string;
  destructive?: boolean;
  /** Offer an optional evidence file beside the reason (settling by hand). */
  evidence?: boolean;
  run: (text: string, file: File | null) => Promise<unknown>;
}

export function ReasonDialog({
  request,
  onOpenChange,
}: {
  request: ReasonRequest | null;
  onOpenChange: (open: boolean) => void;
}) {
  const onDone = () => onOpenChange(false);
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(!!request);
  return (
    <Dialog open={!!request} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="reason-dialog" onCloseAutoFocus={returnFocus}>
        {request && (
          <>
            <DialogHeader>
              <DialogTitle>{request.title}</DialogTitle>
              <DialogDescription>{request.description}</DialogDescription>
            </DialogHeader>
            {request.kind === "comment" ? (
              <CommentForm request={request} onDone={onDone} />
            ) : (
              <ReasonForm request={request} onDone={onDone} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Runs the decision; on failure the caller's toast said why and the dialog stays open. */
const submitWith =
  (request: ReasonRequest, onDone: () => void) =>
  async (text: string, file: File | null = null) => {
    try {
      await request.run(text, file);
      onDone();
    } catch {
      // Already told.
    }
  };

function ReasonForm({ request, onDone }: { request: ReasonRequest; onDone: () => void }) {
  const form = useForm<ReasonFormValues>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: "" },
    mode: "onTouched",
  });
  const [file, setFile] = useState<File | null>(null);
  const submit = submitWith(request, onDone);
  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => submit(v.reason, file))}
        className="space-y-4"
        aria-label={request.title}
      >
        <TextField<ReasonFormValues, "reason"> name="reason" label="Reason" multiline rows={3} disabled={pending} />
        {request.evidence && (
          <div className="space-y-1">
            <Label htmlFor="reason-evidence">Evidence file (optional)</Label>
            <Input
              id="reason-evidence"
              type="file"
              accept={ATTACHMENT_ACCEPT}
              disabled={pending}
              aria-describedby="reason-evidence-hint"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p id="reason-evidence-hint" className="text-sm text-muted-foreground">
              A photo or PDF up to 10 MB (a receipt, a screenshot), kept with the settlement and in the archive.
            </p>
          </div>
        )}
        <DialogButtons request={request} pending={pending} onCancel={onDone} />
      </form>
    </Form>
  );
}

function CommentForm({ request, onDone }: { request: ReasonRequest; onDone: () => void }) {
  const form = useForm<CommentFormValues>({
    resolver: zodResolver(commentFormSchema),
    defaultValues: { comment: "" },
    mode: "onTouched",
  });
  const submit = submitWith(request, onDone);
  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => submit(v.comment))}
        className="space-y-4"
        aria-label={request.title}
      >
        <TextField<CommentFormValues, "comment"> name="comment" label="Comment" multiline rows={3} disabled={pending} />
        <DialogButtons request={request} pending={pending} onCancel={onDone} />
      </form>
    </Form>
  );
}

function DialogButtons({
  request,
  pending,
  onCancel,
}: {
  request: ReasonRequest;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={request.destructive ? "destructive" : "default"} disabled={pending}>
        {request.action}
      </Button>
    </DialogFooter>
  );
}
