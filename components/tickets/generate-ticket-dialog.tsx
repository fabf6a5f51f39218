"use client";

// The Generate / Edit Ticket dialog (SPEC sections 2, 4 and 5): form → submitting → success view
// (generate) or a toast and close (edit). Used by Tickets Management and by the Overview's
// Generate Ticket button for every signed-in user; it knows nothing of the list behind it and
// refreshes ticket data through invalidateTicketData.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { RotateCcw, Save, Ticket as TicketIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { GeneratedTicketsView } from "@/components/tickets/generated-tickets-view";
import { TicketDetailsDialog } from "@/components/tickets/ticket-details-dialog";
import { useReturnFocus } from "@/components/tickets/use-return-focus";
import { useTicketExtensions, type TicketExtensions } from "@/components/tickets/ticket-extensions";
import {
  PaymentInformationFields,
  PersonalInformationFields,
  TicketConfigurationFields,
  TicketStatusField,
  type TicketFormValues,
} from "@/components/tickets/ticket-form-fields";
import { ApiError, errorMessage } from "@/lib/api-client";
import { generatedTickets, ticketsApi, type Ticket } from "@/lib/api/tickets";
import { EVENT_NAME } from "@/lib/constants";
import { formatPeso } from "@/lib/format";
import { invalidateTicketData } from "@/lib/query-keys";
import { useTicketPrice } from "@/lib/queries/settings";
import { editTicketSchema, generateTicketSchema, type GenerateTicketInput } from "@/lib/schemas/ticket";

export interface GenerateTicketDialogProps extends TicketExtensions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this (unregistered) ticket instead of generating new ones. */
  ticket?: Ticket | null;
}

const GENERATE_METHODS = ["cash", "gcash"];

function initialValues(ticket: Ticket | null | undefined): TicketFormValues {
  return {
    buyer_name: ticket?.buyer_name ?? "",
    phone_number: ticket?.phone_number ?? "",
    email: ticket?.email ?? "",
    address: ticket?.address ?? "",
    payment_method: ticket?.payment_method?.toLowerCase() || "cash",
    gcash_reference: ticket?.gcash_reference ?? "",
    quantity: 1,
    customMiddleDigits: "",
    customLastDigits: "",
    status: ticket?.status?.toLowerCase() || "active",
  };
}

export function GenerateTicketDialog({ open, onOpenChange, ticket, ...overrides }: GenerateTicketDialogProps) {
  const queryClient = useQueryClient();
  const extensions = useTicketExtensions(overrides);
  const [generated, setGenerated] = useState<Ticket[] | null>(null);
  const [detailsTicket, setDetailsTicket] = useState<Ticket | null>(null);
  const isEditing = !!ticket;
  const returnFocus = useReturnFocus(open);

  function close() {
    if (generated) void invalidateTicketData(queryClient);
    setGenerated(null);
    onOpenChange(false);
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" data-testid="generate-ticket-dialog" onCloseAutoFocus={returnFocus}>
          <DialogHeader>
            <DialogTitle>{isEditing ? "Edit Ticket" : "Generate Ticket"}</DialogTitle>
            <DialogDescription>
              {isEditing
                ? `Edit ${ticket.control_number}. A buyer name registers the ticket.`
                : generated
                  ? "The tickets are saved. Send them to the buyer or generate more."
                  : "Enter the buyer and payment. Generated tickets are registered to the buyer."}
            </DialogDescription>
          </DialogHeader>
          {generated ? (
            <>
              <GeneratedTicketsView tickets={generated} onOpenTicket={setDetailsTicket} actions={extensions.renderGeneratedActions?.(generated)} />
              <DialogFooter>
                <Button variant="outline" onClick={() => setGenerated(null)}>
                  <RotateCcw />
                  Generate Another Ticket
                </Button>
                <Button onClick={close}>Close</Button>
              </DialogFooter>
            </>
          ) : (
            <TicketForm
              ticket={ticket ?? null}
              onGenerated={(tickets) => {
                setGenerated(tickets);
                void invalidateTicketData(queryClient);
              }}
              onUpdated={() => {
                void invalidateTicketData(queryClient);
                onOpenChange(false);
              }}
              onCancel={close}
            />
          )}
        </DialogContent>
      </Dialog>
      <TicketDetailsDialog
        ticket={detailsTicket}
        open={!!detailsTicket}
        onOpenChange={(next) => !next && setDetailsTicket(null)}
        renderActions={extensions.renderActions}
        renderPanel={extensions.renderPanel}
      />
    </>
  );
}

function TicketForm({
  ticket,
  onGenerated,
  onUpdated,
  onCancel,
}: {
  ticket: Ticket | null;
  onGenerated: (tickets: Ticket[]) => void;
  onUpdated: () => void;
  onCancel: () => void;
}) {
  const price = useTicketPrice();
  // Both schemas are the API's own (lib/schemas/ticket.ts); the resolver hands the submit
  // handler the parsed payload (phone as 10 digits, blanks dropped).
  const schema = ticket ? editTicketSchema : generateTicketSchema;
  const form = useForm<TicketFormValues, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema) as unknown as Resolver<TicketFormValues, unknown, Record<string, unknown>>,
    defaultValues: initialValues(ticket),
    // Checked on submit, then on every change. Not on blur: a message appearing as the name field
    // loses focus would push the submit button away from under the pointer mid-click.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const quantity = form.watch("quantity");
  const isSubmitting = form.formState.isSubmitting;
  const count = quantity === "" ? 1 : quantity;
  const total = ticket ? Number(ticket.amount) : price === undefined ? undefined : count * price;
  const methods = ticket && !GENERATE_METHODS.includes(ticket.payment_method) ? [...GENERATE_METHODS, ticket.payment_method] : GENERATE_METHODS;

  async function submit(payload: Record<string, unknown>) {
    form.clearErrors("root");
    if (ticket) {
      try {
        await ticketsApi.update(ticket.ticket_id, payload);
        toast.success("Ticket updated successfully! 🎫");
        onUpdated();
      } catch (error) {
        const message = errorMessage(error, "Unknown error");
        toast.error(`Failed to update ticket: ${message}`);
        // 409 'Already registered to: {buyer}': someone registered it meanwhile; say so in the form too.
        if (error instanceof ApiError && error.status === 409) form.setError("root", { message });
      }
      return;
    }
    try {
      const answer = await ticketsApi.generate({ ...(payload as GenerateTicketInput), event_name: EVENT_NAME });
      const tickets = generatedTickets(answer);
      const sum = tickets.reduce((s, t) => s + Number(t.amount || 0), 0);
      toast.success(`${tickets.length} ${tickets.length === 1 ? "ticket" : "tickets"} generated successfully`, {
        description: `Total: ${formatPeso(sum)}`,
      });
      onGenerated(tickets);
    } catch (error) {
      toast.error(`Failed to generate tickets: ${errorMessage(error, "Generation failed")}`);
    }
  }

  return (
    <Form {...form}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(submit, () => {
          toast.error("Please fix the errors in the form");
        })}
      >
        <PersonalInformationFields disabled={isSubmitting} />
        <TicketConfigurationFields disabled={isSubmitting} editing={ticket} />
        <PaymentInformationFields disabled={isSubmitting} total={total} methods={methods} />
        {ticket && <TicketStatusField disabled={isSubmitting} />}
        {form.formState.errors.root?.message && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {form.formState.errors.root.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner label={ticket ? "Updating" : "Generating"} /> : ticket ? <Save /> : <TicketIcon />}
            {isSubmitting ? (ticket ? "Updating..." : "Generating...") : ticket ? "Update Ticket" : count > 1 ? `Generate ${count} Tickets` : "Generate Ticket"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
