"use client";

// 'Add Ticket by Control Number' (SPEC section 5 "Multiple registration"): Enter or the plus
// button looks the ticket up and adds it to the selection, or says why it cannot.
import { useId, useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useFindTicket } from "@/lib/queries/registration";
import { registrability, registrationFacts, REGISTRABILITY_TEXT } from "@/lib/registrability";
import { REGISTRATION_TEXT, type TicketSummary } from "@/lib/registration";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";

export function AddByControlNumber({
  isSelected,
  onAdd,
}: {
  isSelected: (id: string) => boolean;
  onAdd: (ticket: TicketSummary) => void;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const findTicket = useFindTicket();

  async function add() {
    const term = value.trim();
    if (!term) return setProblem(TICKET_MESSAGES.controlNumberEmpty);
    setProblem(null);
    setIsAdding(true);
    try {
      const ticket = await findTicket(term);
      // The spec's order: why it cannot be registered (void, registered), then already selected.
      // The raffle's state is not asked here: the whole form is disabled while it refuses a sale.
      const refusal = registrability(registrationFacts(ticket));
      if (refusal)
        return setProblem(
          refusal.reason === "registered"
            ? REGISTRABILITY_TEXT.alreadyRegisteredTicket(refusal.buyer)
            : refusal.message,
        );
      if (isSelected(ticket.id)) return setProblem(REGISTRATION_TEXT.addDuplicate);
      onAdd(ticket);
      setValue("");
      toast.success(REGISTRATION_TEXT.addSuccess(ticket.control_number));
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? REGISTRATION_TEXT.addNotFound
          : REGISTRATION_TEXT.lookupFailed,
      );
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-input`}>Add Ticket by Control Number</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-input`}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (!isAdding) void add();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-problem`}
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="e.g. B2K-123-00001"
          className="font-mono"
        />
        <Button
          type="button"
          size="icon"
          variant="outline"
          onClick={() => void add()}
          disabled={isAdding}
          aria-label="Add ticket to selection"
        >
          {isAdding ? <Spinner label="Adding ticket" /> : <Plus />}
        </Button>
      </div>
      <p
        id={`${id}-problem`}
        aria-live="polite"
        data-testid="add-ticket-problem"
        className="min-h-5 text-sm text-destructive"
      >
        {problem}
      </p>
    </div>
  );
}
