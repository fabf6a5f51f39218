import "server-only";
import { describeSource, WINNER_STATE_LABELS } from "@/lib/draw";
import { formatDateTime } from "@/lib/format";
import type { DrawPrize } from "@/lib/schemas/draw";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { drawCertificate } from "@/server/draw/certificate";
import { loadDraw } from "@/server/draw/get-draw";
import { keyFingerprint } from "@/server/draw/key-fingerprint";
import { drawPdfJob } from "@/server/jobs/kinds/draw-pdf";
import { startJob } from "@/server/jobs/start-job";
import type { PaperSize } from "@/server/pdf/pdf-document";
import type { CommitmentNoticeData, MinutesData } from "@/server/pdf/draw-documents";
import { publicUrl, signingKeyPair } from "@/server/secrets/installation-secrets";
import { getSettings } from "@/server/settings/get-settings";

// GET /api/draws/{id}/commitment.pdf and certificate.pdf (administrators, docs/decisions/126): the
// instance reads the draw (and signs the certificate, the same one certificate.json serves); the
// draw-pdf worker draws it.

const DATE = "MMM d, yyyy h:mm:ss a";

/** A signed certificate as drawCertificate makes it (the archive passes the one it also stores as JSON). */
export type DrawCertificate = Awaited<ReturnType<typeof drawCertificate>>;

interface Options {
  id: string;
  paper: PaperSize;
  origin: string;
  principal: Principal;
  signal?: AbortSignal;
}

async function noticeData(id: string, origin: string): Promise<CommitmentNoticeData & { tz: string }> {
  const [{ view }, settings, { publicKeyPem }] = await Promise.all([loadDraw(id), getSettings(), signingKeyPair()]);
  const tz = settings.timezone;
  return {
    tz,
    raffleName: settings.siteName,
    drawNumber: view.number,
    drawId: view.id,
    algorithm: view.algorithm,
    committedAt: `${formatDateTime(view.committedAt, tz, DATE)} (${tz})`,
    poolCount: view.poolCount,
    poolHash: view.poolHash,
    commitHash: view.commitHash,
    sourceText: describeSource(view.source),
    prizes: view.prizes.map((p: DrawPrize) => ({
      rank: p.rank,
      name: p.name,
      valuePhp: p.valuePhp,
      backups: p.backups,
    })),
    proofUrl: `${publicUrl(origin).url}/draw/${view.id}`,
    publicKeyFingerprint: keyFingerprint(publicKeyPem),
  };
}

export async function startCommitmentPdf(options: Options) {
  requireAdmin(options.principal);
  const { tz: _tz, ...notice } = await noticeData(options.id, options.origin);
  const run = await startJob(drawPdfJob, {
    principal: options.principal,
    signal: options.signal,
    input: { kind: "commitment", paper: options.paper, notice },
  });
  return { run, fileName: `draw-${notice.drawNumber}-commitment-notice.pdf` };
}

/**
 * The Minutes of the Draw as plain data: the signed certificate (the same one certificate.json
 * serves) with dates in the raffle's timezone. Used by certificate.pdf and by the close-out archive,
 * so there is one certificate renderer and one way to feed it.
 */
export async function minutesData(options: {
  id: string;
  origin: string;
  certificate?: DrawCertificate;
}): Promise<MinutesData> {
  const certificate = options.certificate ?? (await drawCertificate(options.id));
  const { tz, ...notice } = await noticeData(options.id, options.origin);
  const at = (iso: string | null) => (iso ? `${formatDateTime(iso, tz, DATE)} (${tz})` : "");
  const prizeName = new Map(certificate.prizes.map((p) => [p.rank, p.name]));
  const checkpoint = certificate.auditCheckpoint as { count?: number; sha256?: string } | null;
  return {
    ...notice,
    revealedAt: at(certificate.revealedAt),
    publishedAt: certificate.publishedAt ? at(certificate.publishedAt) : null,
    outsideValue: certificate.outsideValue ?? "none: drawn by hand from a physical drum",
    serverSeed: certificate.serverSeed ?? "",
    seed: certificate.seed ?? "—",
    witnesses: certificate.witnesses,
    sequence: certificate.sequence.map((s) => ({
      position: s.position,
      controlNumber: s.controlNumber,
      prizeName: prizeName.get(s.prizeRank) ?? `prize ${s.prizeRank}`,
      role: s.role,
      stateLabel: WINNER_STATE_LABELS[s.state],
      maskedName: s.maskedName,
    })),
    disqualifications: certificate.disqualifications.map((d) => ({ ...d, at: at(d.at) })),
    auditCheckpoint: checkpoint ? `${checkpoint.count ?? 0} rows, SHA-256 ${checkpoint.sha256 ?? ""}` : "—",
    appVersion: certificate.appVersion,
    issuedAt: at(certificate.issuedAt),
    // The key that signed this certificate (the notice printed the installation's at commit).
    publicKeyFingerprint: keyFingerprint(certificate.publicKey),
    signature: certificate.signature,
  };
}

export async function startCertificatePdf(options: Options) {
  requireAdmin(options.principal);
  const minutes = await minutesData(options);
  const run = await startJob(drawPdfJob, {
    principal: options.principal,
    signal: options.signal,
    input: { kind: "minutes", paper: options.paper, minutes },
  });
  return { run, fileName: `draw-${minutes.drawNumber}-minutes.pdf` };
}
