"use client";

// Multiple Registration (SPEC sections 2, 4 and 5): one buyer for every selected ticket. The
// selection outlives pages and searches; the server answers per ticket, and its error lines are
// shown as written (a ticket someone else registered meanwhile is one of them).
import { useCallback, useEffect, useRef, useState } from "react";
import { UserRound } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { RaffleStateNotice, useRaffleRefusal } from "@/components/raffle-state/raffle-state-notice";
import { BuyerFields } from "@/components/register/buyer-fields";
import { MultipleResultCard, type MultipleResult } from "@/components/register/multiple-result-card";
import { PaymentConfirmation, usePaymentConflicts } from "@/components/register/payment-conflict";
import { PaymentFields } from "@/components/register/payment-fields";
import { SelectedTicketsCard } from "@/components/register/selected-tickets-card";
import { UnregisteredTicketsCard } from "@/components/register/unregistered-tickets-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import type { RegisterMultipleResult } from "@/lib/api/tickets";
import { parseTicketRef } from "@/lib/ticket-number";
import { useRegisterMultiple } from "@/lib/queries/registration";
import { REGISTRATION_TEXT, type TicketSummary } from "@/lib/registration";
import { EMPTY_BUYER, buyerFormResolver } from "@/components/register/registration-form";
import type { BuyerFormValues, BuyerPayload } from "@/lib/schemas/registration-form";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";

const FORM_ID = "multiple-registration-form";

/** The control number when it names the ticket on its own (readable error lines), else the id. */
function ticketReference(ticket: TicketSummary): string {
  return parseTicketRef(ticket.control_number).kind === "control" ? ticket.control_number : ticket.id;
}

function toSummary(ticket: TicketSummary): TicketSummary {
  const { id, control_number, last_5_digits, payment_method, amount } = ticket;
  return { id, control_number, last_5_digits, payment_method, amount };
}

export function MultipleRegistration({ aside }: { aside: React.ReactNode }) {
  const salesRefusal = useRaffleRefusal("sell");
  const form = useForm<BuyerFormValues, unknown, BuyerPayload>({
    resolver: buyerFormResolver,
    defaultValues: EMPTY_BUYER,
    mode: "onTouched",
  });
  const [buyerName, phoneNumber] = useWatch({ control: form.control, name: ["buyerName", "phoneNumber"] });
  const [selected, setSelected] = useState<ReadonlyMap<string, TicketSummary>>(new Map());
  const [registeredElsewhere, setRegisteredElsewhere] = useState<ReadonlyMap<string, string>>(new Map());
  const [result, setResult] = useState<MultipleResult | null>(null);
  // Each answer clears the messages of the attempt before it (the add field's problem line).
  const [registrationCount, setRegistrationCount] = useState(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // Tickets this screen registered: they leave the unregistered list unmarked. A mutable set,
  // filled before the lists refresh (see useRegisterMultiple), read by the list's refresh.
  const ownRegistered = useRef(new Set<string>()).current;

  const registration = useRegisterMultiple({
    onAnswer: (answer: RegisterMultipleResult) => {
      for (const ticket of answer.registeredTickets) ownRegistered.add(ticket.ticket_id);
    },
  });

  const conflicts = usePaymentConflicts((message) =>
    form.setError("paymentReference", { type: "server", message }, { shouldFocus: true }),
  );

  const select = useCallback(
    (ticket: TicketSummary) => setSelected((current) => new Map(current).set(ticket.id, toSummary(ticket))),
    [],
  );
  const toggle = useCallback(
    (ticket: TicketSummary) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(ticket.id)) next.delete(ticket.id);
        else next.set(ticket.id, toSummary(ticket));
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      }),
    [],
  );
  const markRegistered = useCallback(
    (ticket: TicketSummary, buyer: string) =>
      setRegisteredElsewhere((current) => new Map(current).set(ticket.id, buyer)),
    [],
  );

  const missing = [
    ...(selected.size === 0 ? [TICKET_MESSAGES.selectTicket] : []),
    ...(buyerName.trim() === "" ? [TICKET_MESSAGES.registerBuyerName] : []),
    ...(phoneNumber.trim() === "" ? [TICKET_MESSAGES.registerPhone] : []),
  ];

  // The button just pressed is disabled now: focus goes to what answers it.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  function onValid(values: BuyerPayload, confirmReference = false) {
    if (selected.size === 0) return;
    conflicts.dismiss();
    const tickets = [...selected.values()];
    const buyer = {
      ...values,
      paymentReference: values.paymentMethod === "cash" ? undefined : values.paymentReference,
      confirmReference: confirmReference || undefined,
    };
    registration.mutate(
      { ...buyer, ticketIds: tickets.map(ticketReference) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setRegistrationCount((n) => n + 1);
          // Every selected ticket is now registered, registered by someone else, or gone.
          setSelected(new Map());
          if (answer.success) form.reset(EMPTY_BUYER);
          else toast.error(REGISTRATION_TEXT.registrationFailed(answer.message));
        },
        onError: (error) => {
          // The selection stays: the buyer fixes the reference (or confirms it) and registers again.
          if (conflicts.handle(error, () => onValid(values, true))) return;
          const message = errorMessage(error, REGISTRATION_TEXT.registrationFallback);
          setResult({
            success: false,
            message,
            totalRequested: tickets.length,
            registeredCount: 0,
            registeredTickets: [],
            errors: [],
          });
          toast.error(REGISTRATION_TEXT.registrationFailed(message));
        },
      },
    );
  }

  return (
    // What the raffle's state closes, up front; its controls disabled (decision 202).
    <div className="space-y-4">
      <RaffleStateNotice writes={["sell"]} />
      <fieldset disabled={salesRefusal !== null} className="m-0 min-w-0 border-0 p-0">
        {/* A phone shows buyer, tickets, selection, result; a wide screen puts the tickets on the right. */}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="grid gap-6 max-lg:contents">
            <Card className="max-lg:order-1">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <UserRound aria-hidden="true" className="size-5 text-primary" />
                  Buyer Information
                </CardTitle>
                <CardDescription>One buyer for every selected ticket.</CardDescription>
              </CardHeader>
              <CardContent>
                <Form {...form}>
                  <form
                    id={FORM_ID}
                    onSubmit={form.handleSubmit((values) => onValid(values))}
                    noValidate
                    aria-label="Multiple registration"
                    className="space-y-6"
                  >
                    <fieldset disabled={registration.isPending}>
                      <BuyerFields disabled={false} />
                    </fieldset>
                    <fieldset disabled={registration.isPending} className="space-y-4">
                      <legend className="mb-3 text-sm font-semibold">Payment</legend>
                      <PaymentFields disabled={false} />
                      <PaymentConfirmation
                        pending={conflicts.pending}
                        onDismiss={conflicts.dismiss}
                        disabled={registration.isPending}
                      />
                    </fieldset>
                  </form>
                </Form>
              </CardContent>
            </Card>
            <div className="max-lg:order-3">
              <SelectedTicketsCard
                formId={FORM_ID}
                selected={selected}
                registeredElsewhere={registeredElsewhere}
                missing={missing}
                isRegistering={registration.isPending}
                onRemove={remove}
              />
            </div>
            {result && (
              <div className="max-lg:order-4">
                <MultipleResultCard result={result} headingRef={resultHeading} />
              </div>
            )}
            <div className="grid gap-6 max-lg:order-5">{aside}</div>
          </div>
          <div className="max-lg:order-2">
            <UnregisteredTicketsCard
              selected={selected}
              onToggle={toggle}
              onAdd={select}
              ownRegistered={ownRegistered}
              onRegisteredElsewhere={markRegistered}
              registrationCount={registrationCount}
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}
