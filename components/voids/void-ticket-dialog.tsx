"use client";

// The Void dialog (administrators; docs/decisions/051): a reason from the fixed list and a note
// (required for Other), with what a void means said before it is done. The ticket keeps its number
// and leaves the draw and every sales figure; an administrator can unvoid it.
import { Ban } from "lucide-react";
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
import { Form, FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { useReturnFocus } from "@/lib/use-return-focus";
import { errorMessage } from "@/lib/api-client";
import { formatPeso } from "@/lib/format";
import { useVoidTicket } from "@/lib/queries/voids";
import type { Ticket } from "@/lib/schemas/ticket-response";
import type { VoidTicketFormValues } from "@/lib/schemas/void";
import { VOID_NOTE_MIN_FOR_OTHER, VOID_REASONS, VOID_REASON_LABELS } from "@/lib/voids";

type VoidTarget = Pick<Ticket, "id" | "control_number" | "is_registered" | "buyer_name" | "amount">;

export function VoidTicketDialog({
  ticket,
  onOpenChange,
  onVoided,
}: {
  ticket: VoidTarget | null;
  onOpenChange: (open: boolean) => void;
  onVoided?: (ticket: Ticket) => void;
}) {
  const returnFocus = useReturnFocus(!!ticket);
  return (
    <Dialog open={!!ticket} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="void-ticket-dialog" onCloseAutoFocus={returnFocus}>
        {ticket && (
          <>
            <DialogHeader>
              <DialogTitle>Void ticket {ticket.control_number}?</DialogTitle>
              <DialogDescription>
                A void takes the ticket out of the raffle. It keeps its number, shows a Void badge and is listed in the
                Voided numbers report; it can no longer be registered, edited, e-mailed or deleted.
                {ticket.is_registered
                  ? ` Its sale to ${ticket.buyer_name ?? "its buyer"} ` +
                    `(${formatPeso(ticket.amount)}) leaves every sales figure.`
                  : ""}{" "}
                An administrator can unvoid it.
              </DialogDescription>
            </DialogHeader>
            <VoidTicketForm
              ticket={ticket}
              onDone={(voided) => {
                onOpenChange(false);
                onVoided?.(voided);
              }}
              onCancel={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function VoidTicketForm({
  ticket,
  onDone,
  onCancel,
}: {
  ticket: VoidTarget;
  onDone: (ticket: Ticket) => void;
  onCancel: () => void;
}) {
  const mutation = useVoidTicket();
  const form = useForm<VoidTicketFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/void").then((m) => m.voidTicketFormSchema)),
    // DefaultValues is a deep partial: no reason chosen yet needs no cast.
    defaultValues: { note: "" },
    mode: "onTouched",
  });

  function submit(values: VoidTicketFormValues) {
    mutation.mutate(
      { id: ticket.id, body: { reason: values.reason, note: values.note || undefined } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone(answer.ticket);
        },
        onError: (error) => toast.error(`Failed to void ticket: ${errorMessage(error, "Unknown error")}`),
      },
    );
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="space-y-4"
        aria-label={`Void ${ticket.control_number}`}
      >
        <fieldset disabled={mutation.isPending} className="space-y-4">
          <Field<VoidTicketFormValues, "reason">
            name="reason"
            label="Reason"
            placesControl
            render={(field) => (
              <Select value={field.value ?? ""} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue placeholder="Choose a reason" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {VOID_REASONS.map((reason) => (
                    <SelectItem key={reason} value={reason}>
                      {VOID_REASON_LABELS[reason]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <TextField<VoidTicketFormValues>
            name="note"
            label="Note"
            multiline
            rows={3}
            placeholder="What happened (who found it, the refund's reference…)"
            description={`Required for Other, at least ${VOID_NOTE_MIN_FOR_OTHER} characters.`}
          />
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            className="dark:bg-red-700 dark:hover:bg-red-700/90"
            disabled={mutation.isPending}
          >
            {mutation.isPending ? <Spinner label="Voiding" /> : <Ban />}
            {mutation.isPending ? "Voiding..." : "Void Ticket"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
