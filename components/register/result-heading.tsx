// The result cards' title: 'Registration Successful!' or 'Registration Failed' with the message.
import { CircleCheck, CircleX } from "lucide-react";
import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { REGISTRATION_TEXT } from "@/lib/registration";

export function ResultHeading({
  success,
  message,
  headingRef,
}: {
  success: boolean;
  message: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <CardHeader>
      <CardTitle>
        <h2 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg outline-none">
          {success ? (
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <CircleX aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          )}
          {success ? REGISTRATION_TEXT.succeeded : REGISTRATION_TEXT.failed}
        </h2>
      </CardTitle>
      <CardDescription data-testid="result-message" className={success ? undefined : "text-destructive"}>
        {message}
      </CardDescription>
    </CardHeader>
  );
}
