"use client";

import { useState } from "react";
import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, usersApi } from "@/lib/api-client";
import { validateNewUser } from "@/components/settings/validate-new-user";

export function AddUserForm({ existingEmails, onAdded }: { existingEmails: readonly string[]; onAdded: () => void }) {
  const [email, setEmail] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [isAdmin, setIsAdmin] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateNewUser({ email, displayName, isAdmin }, existingEmails);
    if (!result.ok) {
      // Shown once, beside the form (role="alert"), not again as a toast.
      setProblem(result.message);
      return;
    }
    setProblem(null);
    setIsSubmitting(true);
    try {
      await usersApi.add(result.value);
      toast.success("User added successfully!");
      setEmail("");
      setDisplayName("");
      setIsAdmin(false);
      onAdded();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add user"));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-5 text-primary" />
          Add New User
        </CardTitle>
        <CardDescription>Give a Google account access to the dashboard.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="new-user-email">Email</Label>
              <Input
                id="new-user-email"
                type="email"
                placeholder="staff@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={problem ? true : undefined}
                autoComplete="off"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="new-user-name">Display Name</Label>
              <Input
                id="new-user-name"
                placeholder="Juan dela Cruz"
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
                aria-invalid={problem ? true : undefined}
                autoComplete="off"
              />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="new-user-admin" checked={isAdmin} onCheckedChange={(checked) => setIsAdmin(checked === true)} />
            <Label htmlFor="new-user-admin">Admin User</Label>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : <UserPlus />}
            Add User
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
