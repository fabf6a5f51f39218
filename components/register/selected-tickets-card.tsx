"use client";

// The selection of Multiple Registration: a count, a removable list (kept across pages and
// searches), and the 'Register N Ticket(s)' button, disabled until there is something to send.
import { X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { TicketSummary } from "@/lib/registration";

interface Props {
  formId: string;
  selected: ReadonlyMap<string, TicketSummary>;
  registeredElsewhere: ReadonlyMap<string, string>;
  /** Why the button is disabled, in the spec's words ('Please select at least one ticket', ...). */
  missing: string[];
  isRegistering: boolean;
  onRemove: (id: string) => void;
}

export function SelectedTicketsCard({
  formId,
  selected,
  registeredElsewhere,
  missing,
  isRegistering,
  onRemove,
}: Props) {
  const tickets = [...selected.values()];
  const hintId = `${formId}-missing`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base" data-testid="selected-count">
            Selected Tickets ({tickets.length})
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {tickets.length > 0 && (
          <ul aria-label="Selected tickets" className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
            {tickets.map((ticket) => {
              const buyer = registeredElsewhere.get(ticket.id);
              return (
                <li
                  key={ticket.id}
                  data-testid="selected-ticket"
                  className="flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-sm"
                >
                  <span className="font-mono">{ticket.control_number}</span>
                  {buyer !== undefined && (
                    <Badge className="bg-red-700 text-white" title={`Registered to ${buyer}`}>
                      Registered
                    </Badge>
                  )}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    onClick={() => onRemove(ticket.id)}
                    aria-label={`Remove ${ticket.control_number}`}
                  >
                    <X />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <Button
          type="submit"
          form={formId}
          className="w-full"
          disabled={missing.length > 0 || isRegistering}
          aria-describedby={missing.length ? hintId : undefined}
        >
          {isRegistering && <Spinner label="Registering" />}
          {isRegistering ? "Registering..." : `Register ${tickets.length} Ticket(s)`}
        </Button>
        {missing.length > 0 && (
          <ul id={hintId} className="space-y-0.5 text-sm text-muted-foreground" data-testid="register-missing">
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
