"use client";

// Add New User (SPEC section 5, administrators): react-hook-form with the API's own schema plus
// the duplicate check against the listed users (new-user-form-schema.ts); each message shows
// under the field it is about.
import { useMemo } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { UserPlus } from "lucide-react";
import { CheckboxField } from "@/components/forms/checkbox-field";
import { TextField } from "@/components/forms/field";
import { newUserFormSchema } from "@/components/settings/new-user-form-schema";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import type { AddUserRequest } from "@/lib/api/users";
import { useAddUser } from "@/lib/queries/users";
import type { AddUserInput } from "@/lib/schemas/user";

const EMPTY_USER = { email: "", displayName: "", isAdmin: false } satisfies AddUserInput;

export function AddUserForm({ existingEmails }: { existingEmails: readonly string[] }) {
  const addUser = useAddUser();
  const schema = useMemo(() => newUserFormSchema(existingEmails), [existingEmails]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY_USER });
  const isSubmitting = form.formState.isSubmitting;

  async function submit(user: AddUserRequest) {
    try {
      await addUser.mutateAsync(user);
      toast.success("User added successfully!");
      form.reset(EMPTY_USER);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add user"));
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
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField<AddUserInput>
                name="email"
                label="Email"
                type="email"
                placeholder="staff@example.com"
                autoComplete="off"
              />
              <TextField<AddUserInput>
                name="displayName"
                label="Display Name"
                placeholder="Juan dela Cruz"
                autoComplete="off"
              />
            </div>
            <CheckboxField<AddUserInput> name="isAdmin" label="Admin User" />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : <UserPlus />}
              Add User
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
