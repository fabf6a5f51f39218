// Draw day's entries through the API (issue 38 item 2): the outside value's second typing is compared
// with spaces and separators removed (docs/draw.md §2), and a witness whose name holds a comma stays
// one witness in the signed certificate and the Minutes of the Draw.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as certificateJsonRoute } from "@/app/api/draws/[id]/certificate.json/route";
import { GET as certificatePdfRoute } from "@/app/api/draws/[id]/certificate.pdf/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
) => callRoute(handler, { method: "POST", path: p, body, params, token: users.admin.token });

const users = freshAdminAndStaff();
beforeEach(async () => {
  await createSoldTickets(12);
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status,
  ).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
});

async function committed(source: object) {
  const res = await post(commitRoute, "/api/draws", { source });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

describe("the reveal's entries", () => {
  it(
    "take the outside value typed with spaces against the same " + "digits typed without, and keep a witness's comma",
    async () => {
      const id = await committed({ type: "dice", count: 10 });
      const reveal = (body: object) => post(revealRoute, `/api/draws/${id}/reveal`, body, { id });
      const wrong = await reveal({
        outsideValue: "3 5 1 2 6 4 4 3 5 2",
        outsideValueConfirm: "3512644353",
        witnesses: ["A"],
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toMatchObject({
        code: "validation_failed",
        message: "The two entries of the outside value differ",
      });

      const witnesses = ["Lito Lapid, class president", "Maria Clara"];
      const res = await reveal({ outsideValue: "3 5 1 2 6 4 4 3 5 2", outsideValueConfirm: "3512644352", witnesses });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.outsideValue).toBe("dice:3512644352");

      const cert = await callRoute(certificateJsonRoute, {
        path: `/api/draws/${id}/certificate.json`,
        params: { id },
        token: users.admin.token,
      });
      expect(cert.status).toBe(200);
      const body = typeof cert.json === "string" ? JSON.parse(cert.json) : cert.json;
      expect(JSON.stringify(body)).toContain('"witnesses":["Lito Lapid, class president","Maria Clara"]');
      expect(JSON.stringify(body)).toContain('"outsideValue":"dice:3512644352"');

      const req = new NextRequest(new URL(`/api/draws/${id}/certificate.pdf`, "http://localhost:3000"), {
        headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
      });
      const pdf = await certificatePdfRoute(req, { params: Promise.resolve({ id }) });
      expect(pdf.status).toBe(200);
      const file = path.join(mkdtempSync(path.join(tmpdir(), "minutes-")), "minutes.pdf");
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      const lines = execFileSync("pdftotext", ["-layout", file, "-"])
        .toString()
        .split("\n")
        .map((l) => l.trim());
      // One witness a line, the comma inside the first name.
      const at = lines.findIndex((l) => /^Witnesses\s+Lito Lapid, class president$/.test(l));
      expect(at, lines.join("\n")).toBeGreaterThan(-1);
      expect(lines[at + 1]).toBe("Maria Clara");
    },
  );

  it("compares PCSO numbers by value, not by how they were separated", async () => {
    const id = await committed({ type: "pcso", game: "6/58", drawDate: "2026-12-15" });
    const reveal = (a: string, b: string) =>
      post(
        revealRoute,
        `/api/draws/${id}/reveal`,
        { outsideValue: a, outsideValueConfirm: b, witnesses: ["A"] },
        { id },
      );
    expect((await reveal("01, 23, 04, 05, 06, 07", "1 2 3 4 5 6 7")).json.message).toBe(
      "The two entries of the outside value differ",
    );
    const ok = await reveal("06, 12, 23, 34, 45, 58", "6 12 23 34 45 58");
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.outsideValue).toBe("pcso:6/58:2026-12-15:06,12,23,34,45,58");
  });
});
