// SPEC section 2 "After registration": what every seller should know before registering.
import { Info } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function InstructionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base">
            <Info aria-hidden="true" className="size-5 text-primary" />
            Registration Instructions
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul
          className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground"
          data-testid="registration-instructions"
        >
          <li>Once registered, tickets cannot be edited.</li>
          <li>Buyer name and phone number are required.</li>
          <li>The system validates tickets before registration.</li>
        </ul>
      </CardContent>
    </Card>
  );
}
