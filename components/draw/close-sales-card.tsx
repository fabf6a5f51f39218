"use client";

// Close sales (docs/decisions/105): the open checklist items, each overridden only with a written
// reason (audited); closing stops every registration, in the database.
import { Link } from "@/components/ui/link";
import { useForm } from "react-hook-form";
import { Lock } from "lucide-react";
import { useConfirmStep } from "@/components/draw/use-confirm-step";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useCloseSales } from "@/lib/queries/draw";
import type { ChecklistItem } from "@/lib/schemas/draw";

export function CloseSalesCard({ checklist }: { checklist: ChecklistItem[] }) {
  const closeSales = useCloseSales();
  const form = useForm<{ reasons: Record<string, string> }>({ defaultValues: { reasons: {} } });

  const confirm = useConfirmStep<{ item: string; reason: string }[]>(
    {
      title: "Close sales?",
      consequence:
        "No ticket can be sold or registered after this, by anyone, on any screen or import. It " +
        "cannot be undone: the draw is made from the tickets sold when sales close.",
      confirmLabel: "Close sales",
    },
    (overrides) => close(overrides),
  );

  function submit(values: { reasons: Record<string, string> }) {
    const overrides = checklist.flatMap((c) => {
      const reason = (values.reasons[c.item] ?? "").trim();
      return reason ? [{ item: c.item, reason }] : [];
    });
    confirm.ask(overrides);
  }

  async function close(overrides: { item: string; reason: string }[]) {
    try {
      await closeSales.mutateAsync({ overrides });
      toast.success("Sales closed");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to close sales"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Close sales</h2>
        </CardTitle>
        <CardDescription>
          After this no ticket can be registered. Each open item below blocks closing unless you write why it may be
          overridden (10 characters or more).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(submit)} className="space-y-4" noValidate>
          {checklist.length === 0 ? (
            <p>Every check is clear.</p>
          ) : (
            <ul className="space-y-3">
              {checklist.map((c) => (
                <li key={c.item} className="space-y-2 rounded-md border p-3">
                  <p className="font-medium">Open: {c.message}</p>
                  {c.href && (
                    <Link href={c.href} className="text-sm text-primary underline underline-offset-4">
                      Show them<span className="sr-only">: {c.message}</span>
                    </Link>
                  )}
                  <Label htmlFor={`override-${c.item}`}>Reason to override ({c.item})</Label>
                  <Textarea id={`override-${c.item}`} {...form.register(`reasons.${c.item}`)} rows={2} />
                </li>
              ))}
            </ul>
          )}
          <Button type="submit" disabled={closeSales.isPending}>
            <Lock />
            Close sales
          </Button>
        </form>
        {confirm.dialog}
      </CardContent>
    </Card>
  );
}
