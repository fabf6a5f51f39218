"use client";

// Drum mode on draw day (docs/decisions/129): staff scan or type each counterfoil as it comes out
// of the physical drum; the server checks it against the committed pool and records it as the next
// position. A refused counterfoil says why (void, not sold, already drawn) so it can be put aside.
import { useForm } from "react-hook-form";
import { ScanLine } from "lucide-react";
import { TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { useDrumPick } from "@/lib/queries/draw";
import type { AdminDraw, DrumPickPayload } from "@/lib/schemas/draw";
import type { DrumPickFormValues } from "@/lib/schemas/draw-form";

export function DrumCard({ draw }: { draw: AdminDraw }) {
  const pick = useDrumPick();
  const form = useForm<DrumPickFormValues, unknown, DrumPickPayload>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/draw-form").then((m) => m.drumPickFormSchema)),
    defaultValues: { controlNumber: "", witnesses: "" },
  });
  const drum = draw.drum!;
  const prizeName = new Map(draw.prizes.map((p) => [p.rank, p.name]));
  const next = drum.next;

  async function submit(body: DrumPickPayload) {
    try {
      const res = await pick.mutateAsync({ drawId: draw.id, body });
      toast.success(res.message);
      form.setValue("controlNumber", "");
      form.setFocus("controlNumber");
    } catch (error) {
      form.setError("controlNumber", { message: errorMessage(error, "Failed to record the counterfoil") });
      form.setFocus("controlNumber");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Draw day: the drum</h2>
        </CardTitle>
        <CardDescription>
          Draw one counterfoil at a time before the witnesses and scan or type its control number.{" "}
          {`${drum.picked.length} of ${drum.total} drawn.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {next && (
          <p className="font-medium" role="status">
            Next: position {next.position}, {prizeName.get(next.prizeRank) ?? `prize ${next.prizeRank}`} (
            {next.role === "winner" ? "winner" : "backup"})
          </p>
        )}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-3 sm:grid-cols-2">
            <TextField<DrumPickFormValues>
              name="controlNumber"
              label="Control number"
              autoComplete="off"
              spellCheck={false}
              autoFocus
            />
            <TextField<DrumPickFormValues>
              name="witnesses"
              label="Witnesses"
              description="One name per line; recorded with every counterfoil."
              multiline
              rows={3}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={pick.isPending}>
                <ScanLine />
                Record counterfoil
              </Button>
            </div>
          </form>
        </Form>
        {drum.picked.length > 0 && (
          // Three columns (the buyer under the control number), so it fits a phone without a sideways scroll (decision
          // 243).
          <Table>
            <caption className="sr-only">Counterfoils drawn so far</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">#</TableHead>
                <TableHead scope="col">Prize</TableHead>
                <TableHead scope="col">
                  Control number <span className="font-normal text-muted-foreground">/ Buyer</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {drum.picked.map((p) => (
                <TableRow key={p.position}>
                  <TableCell>{p.position}</TableCell>
                  <TableCell className="whitespace-normal">
                    {prizeName.get(p.prizeRank)} <span className="text-muted-foreground">({p.role})</span>
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    <span className="block font-mono whitespace-nowrap">{p.controlNumber}</span>
                    <span className="block break-words text-muted-foreground">{p.buyerName ?? "—"}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
