"use client";

// Unvoid (administrators; docs/decisions/051): puts a voided ticket back in the raffle, with a
// reason that the audit row keeps beside the void it undoes.
import { RotateCcw } from "lucide-react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/field";
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
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { useReturnFocus } from "@/lib/use-return-focus";
import { errorMessage } from "@/lib/api-client";
import { useUnvoidTicket } from "@/lib/queries/voids";
import type { Ticket } from "@/lib/schemas/ticket-response";
import type { UnvoidTicketFormValues } from "@/lib/schemas/void";
import { voidReasonLabel } from "@/lib/voids";

type UnvoidTarget = Pick<Ticket, "id" | "control_number" | "void_reason">;

export function UnvoidTicketDialog({
  ticket,
  onOpenChange,
  onUnvoided,
}: {
  ticket: UnvoidTarget | null;
  onOpenChange: (open: boolean) => void;
  onUnvoided?: (ticket: Ticket) => void;
}) {
  const returnFocus = useReturnFocus(!!ticket);
  return (
    <Dialog open={!!ticket} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="unvoid-ticket-dialog" onCloseAutoFocus={returnFocus}>
        {ticket && (
          <>
            <DialogHeader>
              <DialogTitle>Unvoid ticket {ticket.control_number}?</DialogTitle>
              <DialogDescription>
                It was voided as &quot;{voidReasonLabel(ticket.void_reason)}&quot;. Unvoided, it is back in the raffle
                and, if it was sold, in the sales figures.
              </DialogDescription>
            </DialogHeader>
            <UnvoidForm
              ticket={ticket}
              onDone={(t) => {
                onOpenChange(false);
                onUnvoided?.(t);
              }}
              onCancel={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UnvoidForm({
  ticket,
  onDone,
  onCancel,
}: {
  ticket: UnvoidTarget;
  onDone: (ticket: Ticket) => void;
  onCancel: () => void;
}) {
  const mutation = useUnvoidTicket();
  const form = useForm<UnvoidTicketFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/void").then((m) => m.unvoidTicketFormSchema)),
    defaultValues: { reason: "" },
    mode: "onTouched",
  });
  function submit(values: UnvoidTicketFormValues) {
    mutation.mutate(
      { id: ticket.id, body: values },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone(answer.ticket);
        },
        onError: (error) => toast.error(`Failed to unvoid ticket: ${errorMessage(error, "Unknown error")}`),
      },
    );
  }
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="space-y-4"
        aria-label={`Unvoid ${ticket.control_number}`}
      >
        <TextField<UnvoidTicketFormValues>
          name="reason"
          label="Reason"
          multiline
          rows={3}
          disabled={mutation.isPending}
          placeholder="Why the ticket goes back (the stub was found…)"
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Unvoiding" /> : <RotateCcw />}
            {mutation.isPending ? "Unvoiding..." : "Unvoid Ticket"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
