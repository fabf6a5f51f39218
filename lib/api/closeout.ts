// Close-out's calls (docs/api.md, Close-out): the checklist, Close, Reopen, Purge and the archive.
import { apiRequest, download } from "@/lib/api-client";
import type {
  CloseoutAnswer,
  CloseoutSaved,
  CloseRafflePayload,
  PurgeAnswer,
  PurgeRafflePayload,
  ReopenRafflePayload,
} from "@/lib/schemas/closeout";

export const closeoutApi = {
  get: () => apiRequest<CloseoutAnswer>("/raffle/closeout"),
  close: (body: CloseRafflePayload) => apiRequest<CloseoutSaved>("/raffle/close", { method: "POST", body }),
  reopen: (body: ReopenRafflePayload) => apiRequest<CloseoutSaved>("/raffle/reopen", { method: "POST", body }),
  purge: (body: PurgeRafflePayload) =>
    apiRequest<PurgeAnswer>("/raffle/purge", {
      method: "POST",
      body,
      timeoutMs: 120_000,
    }),
  /**
   * The ZIP as a Blob, prepared by a POST (a recorded download is a state change, decision 207) (the server streams
   * it; ten minutes at most); attachments only when asked (decision 146).
   */
  archive: (options: { includeAttachments: boolean }) =>
    download(`/raffle/archive.zip${options.includeAttachments ? "?attachments=1" : ""}`, {
      method: "POST",
      accept: "application/zip",
      fallbackName: "raffle-archive.zip",
      timeoutMs: 600_000,
    }),
};
