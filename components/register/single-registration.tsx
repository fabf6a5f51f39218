"use client";

// Single Registration (SPEC sections 2, 4 and 5): find one ticket by control number or last 5
// digits, then attach a buyer to it. Built for a queue: Enter searches at once (and moves on to
// the buyer's name once the ticket is found), and after a registration the control number field
// has focus again for the next buyer.
import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { Ticket as TicketIcon } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { BuyerFields } from "@/components/register/buyer-fields";
import { LookupStatus } from "@/components/register/lookup-status";
import { RaffleStateNotice } from "@/components/raffle-state/raffle-state-notice";
import { PaymentConfirmation, usePaymentConflicts } from "@/components/register/payment-conflict";
import { PaymentFields } from "@/components/register/payment-fields";
import { deriveLookupState, singleSubmitLabel } from "@/components/register/lookup-state";
import type { SingleResult } from "@/components/register/single-result-card";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useRaffleStatus } from "@/lib/queries/draw";
import { useRegisterTicket, useTicketLookup } from "@/lib/queries/registration";
import { REGISTRATION_TEXT, SINGLE_LOOKUP_DEBOUNCE_MS, SINGLE_LOOKUP_MIN_LENGTH } from "@/lib/registration";
import { EMPTY_BUYER, singleRegistrationResolver } from "@/components/register/registration-form";
import type { SingleRegistrationPayload, SingleRegistrationValues } from "@/lib/schemas/registration-form";
import { useDebouncedValue } from "@/lib/use-debounced-value";

// The result card shows only after a registration (decision 185): its code is fetched once a ticket
// is found, ahead of the press that registers it.
const loadResultCard = () => import("@/components/register/single-result-card");
const SingleResultCard = dynamic(() => loadResultCard().then((m) => m.SingleResultCard), { ssr: false });

const EMPTY_FORM: SingleRegistrationValues = { controlNumber: "", ...EMPTY_BUYER };
const STATUS_ID = "single-lookup-status";

export function SingleRegistration({ aside }: { aside: React.ReactNode }) {
  const form = useForm<SingleRegistrationValues, unknown, SingleRegistrationPayload>({
    resolver: singleRegistrationResolver,
    defaultValues: EMPTY_FORM,
    mode: "onTouched",
  });
  const term = (useWatch({ control: form.control, name: "controlNumber" }) ?? "").trim();
  const [lookedUpTerm, lookUpNow] = useDebouncedValue(term, SINGLE_LOOKUP_DEBOUNCE_MS);
  const isLookupDue = lookedUpTerm === term && term.length >= SINGLE_LOOKUP_MIN_LENGTH;
  const lookup = useTicketLookup(isLookupDue ? term : null);
  const raffle = useRaffleStatus().data;
  const state = deriveLookupState({
    term,
    lookedUpTerm,
    isFetching: lookup.isFetching,
    ticket: lookup.data,
    error: lookup.error,
    raffle,
  });

  const registration = useRegisterTicket();
  const conflicts = usePaymentConflicts((message) =>
    form.setError("paymentReference", { type: "server", message }, { shouldFocus: true }),
  );
  const [result, setResult] = useState<SingleResult | null>(null);
  const [focusAfter, setFocusAfter] = useState<"controlNumber" | null>(null);
  // Enter in the control number field: once this term's ticket is found, go on to the buyer's name.
  const advanceFor = useRef<string | null>(null);

  const isRegistering = registration.isPending;
  const canRegister = state.status === "found" && !isRegistering;
  const label = singleSubmitLabel(state, isRegistering);

  const isFound = state.status === "found";
  useEffect(() => {
    if (isFound) void loadResultCard();
  }, [isFound]);

  useEffect(() => {
    if (state.status === "found" && advanceFor.current === term) {
      advanceFor.current = null;
      form.setFocus("buyerName");
    }
  }, [state.status, term, form]);

  useEffect(() => {
    // The fields are disabled while registering; focus can only land once they are enabled again.
    if (focusAfter && !isRegistering) {
      form.setFocus(focusAfter);
      setFocusAfter(null);
    }
  }, [focusAfter, isRegistering, form]);

  function handleControlKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!term) {
      void form.trigger("controlNumber");
      return;
    }
    if (state.status === "found") {
      form.setFocus("buyerName");
      return;
    }
    if (term.length >= SINGLE_LOOKUP_MIN_LENGTH) {
      advanceFor.current = term;
      lookUpNow();
    }
  }

  function onValid(values: SingleRegistrationPayload, confirmReference = false) {
    if (state.status !== "found") return;
    conflicts.dismiss();
    // A new attempt: the previous ticket's result panel no longer describes what is on screen
    // (it stayed up beside a duplicate-reference question, issue 38 item 8).
    setResult(null);
    const { buyerName, phoneNumber, email, address, paymentMethod, paymentReference } = values;
    const payment = {
      paymentMethod,
      paymentReference: paymentMethod === "cash" ? undefined : paymentReference,
      confirmReference: confirmReference || undefined,
    };
    registration.mutate(
      { reference: state.ticket.control_number, buyer: { buyerName, phoneNumber, email, address, ...payment } },
      {
        onSuccess: (answer) => {
          setResult({ success: true, message: answer.message, ticket: answer.ticket });
          form.reset(EMPTY_FORM);
          setFocusAfter("controlNumber");
        },
        onError: (error) => {
          if (conflicts.handle(error, () => onValid(values, true))) return;
          const message = errorMessage(error, REGISTRATION_TEXT.registrationFallback);
          setResult({ success: false, message });
          toast.error(REGISTRATION_TEXT.registrationFailed(message));
        },
      },
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <TicketIcon aria-hidden="true" className="size-5 text-primary" />
            Register a Ticket
          </CardTitle>
          <CardDescription>Find the ticket, then enter the buyer&apos;s details.</CardDescription>
        </CardHeader>
        <CardContent>
          <RaffleStateNotice writes={["sell"]} className="mb-4" />
          <Form {...form}>
            <form
              onSubmit={form.handleSubmit((values) => onValid(values))}
              noValidate
              className="space-y-6"
              aria-label="Single registration"
            >
              <fieldset disabled={isRegistering} className="space-y-2">
                <FormField<SingleRegistrationValues, "controlNumber">
                  name="controlNumber"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Control Number or Last 5 Digits</FormLabel>
                      <FormControl>
                        <Input
                          {...field}
                          onChange={(event) => {
                            field.onChange(event);
                            // 'Please enter Control Number' (from Enter on an empty field) goes as soon as there is
                            // something.
                            if (event.target.value.trim()) form.clearErrors("controlNumber");
                          }}
                          onKeyDown={handleControlKeyDown}
                          // Control numbers carry a letter prefix (B2K-916-00001): a text keyboard, capitals, no
                          // autocorrect.
                          inputMode="text"
                          autoCapitalize="characters"
                          autoCorrect="off"
                          autoComplete="off"
                          spellCheck={false}
                          enterKeyHint="search"
                          placeholder="e.g. B2K-123-00001 or 00001"
                          className="font-mono"
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <LookupStatus id={STATUS_ID} state={state} />
              </fieldset>
              <fieldset disabled={isRegistering} className="space-y-4">
                <legend className="mb-3 text-sm font-semibold">Buyer Information</legend>
                <BuyerFields disabled={state.status !== "found"} />
              </fieldset>
              <fieldset disabled={isRegistering} className="space-y-4">
                <legend className="mb-3 text-sm font-semibold">Payment</legend>
                <PaymentFields disabled={state.status !== "found"} />
                <PaymentConfirmation
                  pending={conflicts.pending}
                  onDismiss={conflicts.dismiss}
                  disabled={isRegistering}
                />
              </fieldset>
              {/* Focus goes back to the control number after a registration: this is what a screen reader hears. */}
              <p className="sr-only" aria-live="polite">
                {result
                  ? `${result.success ? REGISTRATION_TEXT.succeeded : REGISTRATION_TEXT.failed} ${result.message}`
                  : ""}
              </p>
              <Button type="submit" className="w-full sm:w-auto" disabled={!canRegister}>
                {isRegistering && <Spinner label="Registering" />}
                {label}
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>
      {/* On a phone the result comes first, above the field that has focus for the next buyer. */}
      <div className="grid gap-6 max-lg:contents">
        {result && (
          <div className="max-lg:order-first">
            <SingleResultCard result={result} />
          </div>
        )}
        {aside}
      </div>
    </div>
  );
}
