// Answers every resource shares (issue 41): a write that says what it did and nothing more.
import { z } from "zod";

/** `{success: true, message}`: a delete, a sign-out, an ended session. */
export const messageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** Every error (docs/architecture.md): `{success: false, code, message}`, and what some codes add. */
export const errorAnswerSchema = z.object({ success: z.literal(false), code: z.string(), message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
