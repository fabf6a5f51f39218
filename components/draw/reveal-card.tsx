"use client";

// Draw day (docs/decisions/106): the outside value typed twice and the witnesses' names; the whole
// sequence follows from them and the committed server seed.
import { useForm } from "react-hook-form";
import { Dices } from "lucide-react";
import { TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useConfirmStep } from "@/components/draw/use-confirm-step";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { useRevealDraw } from "@/lib/queries/draw";
import type { RevealDrawPayload } from "@/lib/schemas/draw";
import type { RevealDrawFormValues } from "@/lib/schemas/draw-form";

const HINTS: Record<string, string> = {
  dice: "The digits rolled, in order (e.g. 35126443526115623416).",
  pcso: "The numbers drawn, comma-separated, in drawn order.",
  "drand-quicknet": "The round's signature, in hexadecimal (96 characters).",
};

export function RevealCard({
  drawId,
  sourceType,
  sourceText,
}: {
  drawId: string;
  sourceType: string;
  sourceText: string;
}) {
  const reveal = useRevealDraw();
  const form = useForm<RevealDrawFormValues, unknown, RevealDrawPayload>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/draw-form").then((m) => m.revealDrawFormSchemaFor(sourceType)),
    ),
    defaultValues: { outsideValue: "", outsideValueConfirm: "", witnesses: "" },
  });

  const confirm = useConfirmStep<RevealDrawPayload>(
    {
      title: "Draw the winners?",
      consequence:
        "The outside value and the witnesses are recorded and the whole sequence of winners and " +
        "backups is computed from them at once. It cannot be drawn again or undone.",
      confirmLabel: "Draw the winners",
    },
    (body) => submit(body),
  );

  async function submit(body: RevealDrawPayload) {
    try {
      await reveal.mutateAsync({ drawId, body });
      toast.success("Drawn");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to draw"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Draw day</h2>
        </CardTitle>
        <CardDescription>
          Before the witnesses, enter the outside value ({sourceText}) twice, then draw.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((body) => confirm.ask(body))}
            noValidate
            className="grid gap-3 sm:grid-cols-2"
          >
            <TextField<RevealDrawFormValues>
              name="outsideValue"
              label="Outside value"
              description={HINTS[sourceType]}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField<RevealDrawFormValues>
              name="outsideValueConfirm"
              label="Outside value, again"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField<RevealDrawFormValues>
              name="witnesses"
              label="Witnesses"
              description="One name per line; a comma stays part of the name (e.g. Lito Lapid, class president)."
              multiline
              rows={3}
              itemClassName="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                <Dices />
                Draw the winners
              </Button>
            </div>
          </form>
        </Form>
        {confirm.dialog}
      </CardContent>
    </Card>
  );
}
