// Answers every resource shares (issue 41): a write that says what it did and nothing more.
import { z } from "zod";

/** `{success: true, message}`: a delete, a sign-out, an ended session. */
export const messageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
