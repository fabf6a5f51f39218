"use client";

// The Generate / Edit Ticket dialog (SPEC sections 2, 4 and 5): form → submitting → success view
// (generate) or a toast and close (edit). Used by Tickets Management and by the Overview's
// Generate Ticket button for every signed-in user; it knows nothing of the list behind it and
// writes through the ticket hooks (lib/queries/tickets.ts), which refresh the ticket data.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type FieldValues, type UseFormReturn } from "react-hook-form";
import { RotateCcw, Save, Ticket as TicketIcon } from "lucide-react";
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
import { GeneratedTicketsView } from "@/components/tickets/generated-tickets-view";
import { TicketDetailsDialog } from "@/components/tickets/ticket-details-dialog";
import { useReturnFocus } from "@/lib/use-return-focus";
import { useTicketExtensions, type TicketExtensions } from "@/components/tickets/ticket-extensions";
import {
  PaymentInformationFields,
  PersonalInformationFields,
  TicketConfigurationFields,
  TicketStatusField,
} from "@/components/tickets/ticket-form-fields";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { formatPeso } from "@/lib/format";
import { useTicketPrice } from "@/lib/queries/settings";
import { useGenerateTickets, useUpdateTicket } from "@/lib/queries/tickets";
import {
  editTicketFormSchema,
  generateTicketFormSchema,
  type EditTicketFormPayload,
  type GenerateTicketFormPayload,
  EMPTY_GENERATE_TICKET_FORM,
  type EditTicketFormValues,
} from "@/lib/schemas/ticket-form";

export interface GenerateTicketDialogProps extends TicketExtensions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this (unregistered) ticket instead of generating new ones. */
  ticket?: Ticket | null;
}

const GENERATE_METHODS = ["cash", "gcash"];

function editFormValues(ticket: Ticket): EditTicketFormValues {
  return {
    buyer_name: ticket.buyer_name ?? "",
    phone_number: ticket.phone_number ?? "",
    email: ticket.email ?? "",
    address: ticket.address ?? "",
    payment_method: ticket.payment_method?.toLowerCase() || "cash",
    gcash_reference: ticket.gcash_reference ?? "",
    status: ticket.status?.toLowerCase() || "active",
  };
}

export function GenerateTicketDialog({ open, onOpenChange, ticket, ...overrides }: GenerateTicketDialogProps) {
  const extensions = useTicketExtensions(overrides);
  const [generated, setGenerated] = useState<Ticket[] | null>(null);
  const [detailsTicket, setDetailsTicket] = useState<Ticket | null>(null);
  const isEditing = !!ticket;
  const returnFocus = useReturnFocus(open);

  function close() {
    setGenerated(null);
    onOpenChange(false);
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
        <DialogContent className="sm:max-w-2xl" data-testid="generate-ticket-dialog" onCloseAutoFocus={returnFocus}>
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
              <GeneratedTicketsView
                tickets={generated}
                onOpenTicket={setDetailsTicket}
                actions={extensions.renderGeneratedActions?.(generated)}
              />
              <DialogFooter>
                <Button variant="outline" onClick={() => setGenerated(null)}>
                  <RotateCcw />
                  Generate Another Ticket
                </Button>
                <Button onClick={close}>Close</Button>
              </DialogFooter>
            </>
          ) : isEditing ? (
            <EditTicketForm ticket={ticket} onUpdated={() => onOpenChange(false)} onCancel={close} />
          ) : (
            <GenerateTicketForm onGenerated={setGenerated} onCancel={close} />
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

/** Generate / Edit share the layout: the sections, a form-level error and the buttons. */
function TicketFormFrame<TValues extends FieldValues, TPayload>(props: {
  form: UseFormReturn<TValues, unknown, TPayload>;
  onValid: (payload: TPayload) => Promise<void>;
  onCancel: () => void;
  editing: Ticket | null;
  total: number | undefined;
  methods: string[];
  submitLabel: string;
}) {
  const { form, onValid, onCancel, editing, total, methods, submitLabel } = props;
  const isSubmitting = form.formState.isSubmitting;
  const rootError = form.formState.errors.root?.message;
  return (
    <Form {...form}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(onValid, () => {
          toast.error("Please fix the errors in the form");
        })}
      >
        <PersonalInformationFields disabled={isSubmitting} />
        <TicketConfigurationFields disabled={isSubmitting} editing={editing} />
        <PaymentInformationFields disabled={isSubmitting} total={total} methods={methods} />
        {editing && <TicketStatusField disabled={isSubmitting} />}
        {rootError && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {rootError}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? (
              <Spinner label={editing ? "Updating" : "Generating"} />
            ) : editing ? (
              <Save />
            ) : (
              <TicketIcon />
            )}
            {isSubmitting ? (editing ? "Updating..." : "Generating...") : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

// Checked on submit, then on every change. Not on blur: a message appearing as the name field
// loses focus would push the submit button away from under the pointer mid-click.
const VALIDATION = { mode: "onSubmit", reValidateMode: "onChange" } as const;

function GenerateTicketForm({
  onGenerated,
  onCancel,
}: {
  onGenerated: (tickets: Ticket[]) => void;
  onCancel: () => void;
}) {
  const price = useTicketPrice();
  const generate = useGenerateTickets();
  // The resolver parses with the API's own fields (lib/schemas/ticket-form.ts) and hands submit
  // the payload (phone as 10 digits, blanks dropped).
  const form = useForm({
    resolver: zodResolver(generateTicketFormSchema),
    defaultValues: EMPTY_GENERATE_TICKET_FORM,
    ...VALIDATION,
  });
  const quantity = useWatch({ control: form.control, name: "quantity" });
  const count = quantity === "" ? 1 : Number(quantity);

  async function submit(payload: GenerateTicketFormPayload) {
    try {
      const tickets = await generate.mutateAsync(payload);
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
    <TicketFormFrame
      form={form}
      onValid={submit}
      onCancel={onCancel}
      editing={null}
      total={price === undefined ? undefined : count * price}
      methods={GENERATE_METHODS}
      submitLabel={count > 1 ? `Generate ${count} Tickets` : "Generate Ticket"}
    />
  );
}

function EditTicketForm({
  ticket,
  onUpdated,
  onCancel,
}: {
  ticket: Ticket;
  onUpdated: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateTicket();
  const form = useForm({
    resolver: zodResolver(editTicketFormSchema),
    defaultValues: editFormValues(ticket),
    ...VALIDATION,
  });
  const methods = GENERATE_METHODS.includes(ticket.payment_method)
    ? GENERATE_METHODS
    : [...GENERATE_METHODS, ticket.payment_method];

  async function submit(payload: EditTicketFormPayload) {
    form.clearErrors("root");
    try {
      await update.mutateAsync({ id: ticket.ticket_id, changes: payload });
      toast.success("Ticket updated successfully! 🎫");
      onUpdated();
    } catch (error) {
      const message = errorMessage(error, "Unknown error");
      toast.error(`Failed to update ticket: ${message}`);
      // 409 'Already registered to: {buyer}': someone registered it meanwhile; say so in the form too.
      if (error instanceof ApiError && error.status === 409) form.setError("root", { message });
    }
  }

  return (
    <TicketFormFrame
      form={form}
      onValid={submit}
      onCancel={onCancel}
      editing={ticket}
      total={Number(ticket.amount)}
      methods={methods}
      submitLabel="Update Ticket"
    />
  );
}
