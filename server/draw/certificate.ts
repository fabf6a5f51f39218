import "server-only";
import { sign } from "node:crypto";
import canonicalize from "canonicalize";
import packageJson from "@/package.json" with { type: "json" };
import { loadDraw } from "@/server/draw/get-draw";
import { AppError } from "@/server/http/errors";
import { signingKeyPair } from "@/server/secrets/installation-secrets";

// The draw's certificate (docs/decisions/108-certificate.md): RFC 8785 canonical JSON with every
// hash, the outside value, the seed, the sequence (masked names), the disqualifications, the
// witnesses, the audit checkpoint and the app version, signed with the installation's Ed25519 key
// over the canonical JSON of everything but `signature`. scripts/verify-draw.mjs checks it.

export async function drawCertificate(id: string) {
  const { view, events, witnesses, auditCheckpoint } = await loadDraw(id);
  if (!view.revealedAt || !view.sequence)
    throw new AppError("conflict", "The certificate exists once the draw is revealed");
  const { publicKeyPem, privateKey } = await signingKeyPair();
  const byPosition = new Map(view.sequence.map((s) => [s.position, s.controlNumber]));
  const unsigned = {
    algorithm: view.algorithm,
    drawId: view.id,
    drawNumber: view.number,
    mode: view.mode,
    poolCount: view.poolCount,
    poolHash: view.poolHash,
    commitHash: view.commitHash,
    serverSeed: view.serverSeed,
    source: view.source,
    outsideValue: view.outsideValue,
    seed: view.seed,
    prizes: view.prizes,
    sequence: view.sequence.map((s) => ({
      position: s.position,
      controlNumber: s.controlNumber,
      prizeRank: s.prizeRank,
      role: s.role,
      state: s.state,
      maskedName: s.maskedName,
    })),
    disqualifications: events
      .filter((e) => e.event === "disqualified" || e.event === "forfeited" || e.event === "reinstated")
      .map((e) => ({
        position: e.position,
        controlNumber: byPosition.get(e.position) ?? null,
        event: e.event,
        reason: e.reason,
        note: e.note,
        at: e.at.toISOString(),
      })),
    witnesses: witnesses ?? [],
    auditCheckpoint,
    committedAt: view.committedAt,
    revealedAt: view.revealedAt,
    publishedAt: view.publishedAt,
    appVersion: packageJson.version,
    issuedAt: new Date().toISOString(),
    publicKey: publicKeyPem,
  };
  const canonical = canonicalize(unsigned)!;
  const signature = sign(null, Buffer.from(canonical), privateKey).toString("base64");
  return { ...unsigned, signature };
}

/** The certificate as the file people download: pretty enough to read, byte-exact JSON. */
export function certificateResponse(certificate: object, drawNumber: number) {
  return new Response(JSON.stringify(certificate, null, 2) + "\n", {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="draw-${drawNumber}-certificate.json"`,
      "cache-control": "no-store",
    },
  });
}
