"use client";

// Commit (docs/decisions/106): fix the pool, the server seed's hash and the outside value's source
// before anyone can know the outside value.
import { useForm } from "react-hook-form";
import { ShieldCheck } from "lucide-react";
import { Field, TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useConfirmStep } from "@/components/draw/use-confirm-step";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { useCommitDraw, usePublicUrl } from "@/lib/queries/draw";
import type { CommitDrawPayload } from "@/lib/schemas/draw";
import type { CommitDrawFormValues } from "@/lib/schemas/draw-form";

const DEFAULTS: CommitDrawFormValues = {
  mode: "rng",
  type: "dice",
  count: "20",
  game: "6/58",
  drawDate: "",
  round: "",
};
const SELECT_CLASS = "border-input bg-background h-9 w-full rounded-md border px-3 text-sm";

export function CommitCard({ exhausted }: { exhausted: string[] }) {
  const commit = useCommitDraw();
  const publicUrl = usePublicUrl();
  const form = useForm<CommitDrawFormValues, unknown, CommitDrawPayload>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/draw-form").then((m) => m.commitDrawFormSchema)),
    defaultValues: DEFAULTS,
  });
  const type = form.watch("type");
  const mode = form.watch("mode");

  const confirm = useConfirmStep<CommitDrawPayload>(
    {
      title: "Commit the draw?",
      consequence:
        "This fixes the pool of sold tickets and the prizes, and publishes their hashes: after it no " +
        "ticket can be generated, sold or voided out of the pool, and no prize changed. It cannot be " +
        "undone.",
      confirmLabel: "Commit",
      publicUrl: publicUrl.data,
    },
    (payload) => run(payload),
  );

  async function run(payload: CommitDrawPayload) {
    try {
      await commit.mutateAsync(payload);
      toast.success("Draw committed");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to commit the draw"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{exhausted.length ? "Commit a new draw" : "Commit the draw"}</h2>
        </CardTitle>
        <CardDescription>
          {exhausted.length
            ? `For ${exhausted.join(", ")}, over the sold tickets not drawn before.`
            : "Fixes the pool (sold, not void tickets), publishes its hash and the server seed's hash, and " +
              "names where the outside value will come from. Ideally a day or more before the draw."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((payload) => confirm.ask(payload))}
            noValidate
            className="grid gap-3 sm:grid-cols-2"
          >
            <Field<CommitDrawFormValues, "mode">
              name="mode"
              label="How the winners are drawn"
              render={(field) => (
                <select {...field} className={SELECT_CLASS}>
                  <option value="rng">Computed: server seed and an outside value</option>
                  <option value="drum">Physical drum (tambiolo): counterfoils scanned or typed</option>
                </select>
              )}
            />
            {mode === "rng" && (
              <Field<CommitDrawFormValues, "type">
                name="type"
                label="Outside value"
                render={(field) => (
                  <select {...field} className={SELECT_CLASS}>
                    <option value="dice">Witnessed dice rolls</option>
                    <option value="pcso">PCSO lotto result</option>
                    <option value="drand-quicknet">drand quicknet round</option>
                  </select>
                )}
              />
            )}
            {mode === "rng" && type === "dice" && (
              <TextField<CommitDrawFormValues> name="count" label="Number of rolls" inputMode="numeric" />
            )}
            {mode === "rng" && type === "pcso" && (
              <>
                <TextField<CommitDrawFormValues> name="game" label="PCSO game" placeholder="6/58" />
                <TextField<CommitDrawFormValues> name="drawDate" label="PCSO draw date" type="date" />
              </>
            )}
            {mode === "rng" && type === "drand-quicknet" && (
              <TextField<CommitDrawFormValues> name="round" label="drand round" inputMode="numeric" />
            )}
            <div className="sm:col-span-2">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                <ShieldCheck />
                Commit
              </Button>
            </div>
          </form>
          {confirm.dialog}
        </Form>
      </CardContent>
    </Card>
  );
}
