"use client";

// Prizes (administrators): the table the draw follows, rank 1 first. Editable until a draw is
// committed (the database refuses it after: docs/decisions/105).
import { useForm } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatPeso } from "@/lib/format";
import { useAddPrize, useDeletePrize } from "@/lib/queries/draw";
import type { Prize, PrizeFormValues } from "@/lib/schemas/prize";

export function PrizesCard({ prizes, editable }: { prizes: Prize[]; editable: boolean }) {
  const addPrize = useAddPrize();
  const deletePrize = useDeletePrize();
  const nextRank = String((prizes.at(-1)?.rank ?? 0) + 1);
  const empty: PrizeFormValues = { rank: nextRank, name: "", valuePhp: "", backups: "3", claimDays: "60" };
  const form = useForm({
    resolver: lazyZodResolver(() => import("@/lib/schemas/prize").then((m) => m.prizeFormSchema)),
    values: empty,
  });

  const removeButton = (prize: Prize) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Remove prize ${prize.rank}: ${prize.name}`}
      disabled={deletePrize.isPending}
      onClick={() =>
        deletePrize.mutate(prize.id, {
          onSuccess: () => toast.success(`Prize ${prize.rank} removed`),
          onError: (error) => toast.error(errorMessage(error, "Failed to remove the prize")),
        })
      }
    >
      <Trash2 />
      Remove
    </Button>
  );

  async function submit(values: Parameters<typeof addPrize.mutateAsync>[0]) {
    try {
      await addPrize.mutateAsync(values);
      toast.success(`Prize ${values.rank} added`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add the prize"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Prizes</h2>
        </CardTitle>
        <CardDescription>
          {editable
            ? "Rank 1 is drawn first. Each winner gets backups drawn right after them."
            : "Fixed: a draw has been committed over this prize table."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {prizes.length === 0 ? (
          <p className="text-muted-foreground">No prizes yet. Add at least one before committing the draw.</p>
        ) : (
          <>
            {/* A table from 1024 px; below it one card per prize, so a phone never scrolls sideways (decision 243). */}
            <Table className="hidden lg:table">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Rank</TableHead>
                  <TableHead scope="col">Prize</TableHead>
                  <TableHead scope="col">Value</TableHead>
                  <TableHead scope="col">Backups</TableHead>
                  <TableHead scope="col">Days to claim</TableHead>
                  {editable && (
                    <TableHead scope="col">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {prizes.map((prize) => (
                  <TableRow key={prize.id}>
                    <TableCell>{prize.rank}</TableCell>
                    <TableCell className="font-medium whitespace-normal">{prize.name}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatPeso(prize.valuePhp)}</TableCell>
                    <TableCell>{prize.backups}</TableCell>
                    <TableCell>{prize.claimDays}</TableCell>
                    {editable && <TableCell>{removeButton(prize)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ol className="space-y-3 lg:hidden" aria-label="Prizes">
              {prizes.map((prize) => (
                <li key={prize.id} className="rounded-lg border p-3 text-sm">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-medium break-words">
                      {prize.rank}. {prize.name}
                    </p>
                    <p className="whitespace-nowrap tabular-nums">{formatPeso(prize.valuePhp)}</p>
                  </div>
                  <p className="text-muted-foreground">
                    {prize.backups} {prize.backups === 1 ? "backup" : "backups"} · {prize.claimDays} days to claim
                  </p>
                  {editable && <div className="mt-2 border-t pt-2">{removeButton(prize)}</div>}
                </li>
              ))}
            </ol>
          </>
        )}
        {editable && (
          <Form {...form}>
            <form
              onSubmit={form.handleSubmit(submit)}
              noValidate
              className="grid gap-3 sm:grid-cols-6 sm:items-start"
              aria-label="Add a prize"
            >
              <TextField<PrizeFormValues> name="rank" label="Rank" inputMode="numeric" itemClassName="sm:col-span-1" />
              <TextField<PrizeFormValues>
                name="name"
                label="Prize"
                placeholder="Motorcycle"
                itemClassName="sm:col-span-2"
              />
              <TextField<PrizeFormValues>
                name="valuePhp"
                label="Value (₱)"
                inputMode="decimal"
                placeholder="80000"
                itemClassName="sm:col-span-1"
              />
              <TextField<PrizeFormValues>
                name="backups"
                label="Backups"
                inputMode="numeric"
                itemClassName="sm:col-span-1"
              />
              <TextField<PrizeFormValues>
                name="claimDays"
                label="Days to claim"
                inputMode="numeric"
                itemClassName="sm:col-span-1"
              />
              <div className="sm:col-span-6">
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  <Plus />
                  Add prize
                </Button>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
