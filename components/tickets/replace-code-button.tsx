"use client";

// Ticket Details' "Replace code" (issue 22, administrators): gives the ticket a new verify code
// (POST /api/tickets/{id}/qr/replace) after a confirmation that says the printed code stops
// working, with a reason the audit row keeps. For a stub that was lost or stolen.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { QrCode } from "lucide-react";
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
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useReplaceQr } from "@/lib/queries/stubs";
import { CODE_REPLACED_MESSAGE, replaceQrSchema, type ReplaceQrPayload } from "@/lib/schemas/stubs";

export function ReplaceCodeButton({ ticket }: { ticket: { id: string; control_number: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <QrCode />
        Replace code
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg" data-testid="replace-code-dialog">
          <DialogHeader>
            <DialogTitle>Replace the verify code of {ticket.control_number}?</DialogTitle>
            <DialogDescription>
              The verify QR code and verify code printed on this ticket&apos;s stub stop working: checking them will say
              &quot;{CODE_REPLACED_MESSAGE}
              &quot;. Print the stub again to give the buyer the new code. Use this when a stub is lost or stolen; it
              cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {open && <ReplaceForm ticket={ticket} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ReplaceForm({ ticket, onDone }: { ticket: { id: string; control_number: string }; onDone: () => void }) {
  const mutation = useReplaceQr();
  const form = useForm<ReplaceQrPayload>({
    resolver: zodResolver(replaceQrSchema),
    defaultValues: { reason: "" },
    mode: "onTouched",
  });
  function submit(values: ReplaceQrPayload) {
    mutation.mutate(
      { ticketId: ticket.id, reason: values.reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => toast.error(`Failed to replace the code: ${errorMessage(error, "Unknown error")}`),
      },
    );
  }
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="space-y-4"
        aria-label={`Replace the verify code of ${ticket.control_number}`}
      >
        <TextField<ReplaceQrPayload>
          name="reason"
          label="Reason"
          multiline
          rows={3}
          disabled={mutation.isPending}
          placeholder="Why the old stub must stop counting (lost at the fair…)"
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Replacing" /> : <QrCode />}
            {mutation.isPending ? "Replacing..." : "Replace code"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
