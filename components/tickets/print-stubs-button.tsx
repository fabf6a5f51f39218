"use client";

// Tickets Management's "Print stubs" button (administrators); the dialog loads on first use.
import { useState } from "react";
import dynamic from "next/dynamic";
import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useTicketSelection } from "@/components/tickets/ticket-selection";

const LazyPrintStubsDialog = dynamic(
  () => import("@/components/tickets/print-stubs-dialog").then((m) => m.PrintStubsDialog),
  { ssr: false },
);

export function PrintStubsButton() {
  const [isMounted, setIsMounted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  // The list's filter and ticked rows, when the button sits on Tickets Management.
  const selection = useTicketSelection();
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setIsMounted(true);
          setIsOpen(true);
        }}
      >
        <Printer />
        Print stubs
      </Button>
      {isMounted && <LazyPrintStubsDialog open={isOpen} onOpenChange={setIsOpen} selection={selection} />}
    </>
  );
}
