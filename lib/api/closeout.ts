// Close-out's calls (docs/api.md, Close-out): the checklist, Close, Reopen, Purge and the archive.
import { apiRequest, download } from "@/lib/api-client";
import type {
  CloseRafflePayload,
  CloseoutView,
  PurgeCounts,
  PurgeRafflePayload,
  ReopenRafflePayload,
} from "@/lib/schemas/closeout";

export const closeoutApi = {
  get: () => apiRequest<{ success: true; closeout: CloseoutView }>("/raffle/closeout"),
  close: (body: CloseRafflePayload) =>
    apiRequest<{ success: true; message: string; closeout: CloseoutView }>("/raffle/close", { method: "POST", body }),
  reopen: (body: ReopenRafflePayload) =>
    apiRequest<{ success: true; message: string; closeout: CloseoutView }>("/raffle/reopen", { method: "POST", body }),
  purge: (body: PurgeRafflePayload) =>
    apiRequest<{ success: true; message: string; counts: PurgeCounts; closeout: CloseoutView }>("/raffle/purge", {
      method: "POST",
      body,
      timeoutMs: 120_000,
    }),
  /** The ZIP as a Blob, prepared by a POST (a recorded download is a state change, decision 207) (the server streams it; ten minutes at most); attachments only when asked (decision 146). */
  archive: (options: { includeAttachments: boolean }) =>
    download(`/raffle/archive.zip${options.includeAttachments ? "?attachments=1" : ""}`, {
      method: "POST",
      accept: "application/zip",
      fallbackName: "raffle-archive.zip",
      timeoutMs: 600_000,
    }),
};
