// The draw's calls (docs/api.md, The draw): prizes, the raffle's state, draws and their positions.
import { apiRequest } from "@/lib/api-client";
import type { PositionAction } from "@/lib/draw";
import type {
  AdminDraw,
  CloseSalesAnswer,
  CloseSalesPayload,
  CommitDrawPayload,
  DrawCommitted,
  DrawsAnswer,
  DrumPickPayload,
  PositionActionPayload,
  RaffleStateAnswer,
  RevealDrawPayload,
  WinnerListRow,
} from "@/lib/schemas/draw";
import type { PrizePayload, PrizeSaved, PrizesAnswer } from "@/lib/schemas/prize";

const id = (value: string) => encodeURIComponent(value);

export type { DrawSummary } from "@/lib/schemas/draw";

export const drawApi = {
  prizes: () => apiRequest<PrizesAnswer>("/prizes"),
  addPrize: (body: PrizePayload) => apiRequest<PrizeSaved>("/prizes", { method: "POST", body }),
  updatePrize: (prizeId: string, body: PrizePayload) =>
    apiRequest<PrizeSaved>(`/prizes/${id(prizeId)}`, { method: "PUT", body }),
  deletePrize: (prizeId: string) => apiRequest<PrizeSaved>(`/prizes/${id(prizeId)}`, { method: "DELETE" }),
  state: () => apiRequest<RaffleStateAnswer>("/raffle/state"),
  /** The state and the public URL without the checklist's queries (every write screen asks this). */
  status: () => apiRequest<RaffleStateAnswer>("/raffle/state?checklist=0"),
  closeSales: (body: CloseSalesPayload) =>
    apiRequest<CloseSalesAnswer>("/raffle/close-sales", { method: "POST", body }),
  draws: () => apiRequest<DrawsAnswer>("/draws"),
  draw: (drawId: string) => apiRequest<{ success: true; draw: AdminDraw }>(`/draws/${id(drawId)}`),
  commit: (body: CommitDrawPayload) => apiRequest<DrawCommitted>("/draws", { method: "POST", body }),
  reveal: (drawId: string, body: RevealDrawPayload) =>
    apiRequest<{ success: true; message: string }>(`/draws/${id(drawId)}/reveal`, {
      method: "POST",
      body,
      timeoutMs: 30_000,
    }),
  positionAction: (drawId: string, position: number, action: PositionAction, body: PositionActionPayload) =>
    apiRequest<{ success: true; message: string }>(`/draws/${id(drawId)}/positions/${position}/${action}`, {
      method: "POST",
      body,
    }),
  addEvidence: (drawId: string, position: number, file: File) => {
    const formData = new FormData();
    formData.set("file", file, file.name);
    return apiRequest<{ success: true; message: string }>(`/draws/${id(drawId)}/positions/${position}/evidence`, {
      method: "POST",
      formData,
      timeoutMs: 120_000,
    });
  },
  drumPick: (drawId: string, body: DrumPickPayload) =>
    apiRequest<{
      success: true;
      message: string;
      position: number;
      controlNumber: string;
      complete: boolean;
      remaining: number;
    }>(`/draws/${id(drawId)}/drum-pick`, { method: "POST", body }),
  publish: (drawId: string) =>
    apiRequest<{ success: true; message: string }>(`/draws/${id(drawId)}/publish`, { method: "POST", body: {} }),
  winners: () =>
    apiRequest<{ success: true; publishedAt: string | null; winners: WinnerListRow[] }>("/draws/winners.json"),
};

/** The draw's files, opened as links (PDFs from the worker, CSV/JSON downloads). */
export const drawFilePaths = {
  commitmentPdf: (drawId: string) => `/api/draws/${id(drawId)}/commitment.pdf`,
  certificatePdf: (drawId: string) => `/api/draws/${id(drawId)}/certificate.pdf`,
  certificateJson: (drawId: string) => `/api/draws/${id(drawId)}/certificate.json`,
  evidence: (drawId: string, evidenceId: string) => `/api/draws/${id(drawId)}/evidence/${id(evidenceId)}`,
  winnersCsv: "/api/draws/winners.csv",
  winnersJson: "/api/draws/winners.json",
  publicWinnersCsv: "/api/public/winners.csv",
  publicWinnersJson: "/api/public/winners.json",
};
