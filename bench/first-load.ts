// The first-load JavaScript of every dashboard screen from the current production build (`.next`),
// heaviest first, against issue 28's 200 kB gzipped: a quick check after `npm run build` (bench/ui.ts
// prints the same table within `npm run bench:ui`).
//   npx tsx bench/first-load.ts             Next's measure: the entry chunks, from the manifests
//   npx tsx bench/first-load.ts --browser   also what Chromium fetches on a plain load with no action
//                                           (a fresh embedded database of 2,000 tickets, the build served)
import { parseArgs } from "node:util";
import { browserFirstLoadJs } from "./ui-first-load-browser";
import { benchEnv, createDatabase, lastJsonLine, runTsx, seed, startServer, stopServer } from "./harness";
import { dashboardFirstLoadJs } from "./ui-first-load";

const TARGET_KB = 200;
const { values: args } = parseArgs({
  options: { browser: { type: "boolean", default: false }, port: { type: "string", default: "4170" } },
});

const screens = dashboardFirstLoadJs();
let transferred = new Map<string, { transferredKb: number; scripts: number }>();
if (args.browser) {
  const origin = `http://127.0.0.1:${args.port}`;
  const database = await createDatabase("pglite", "first_load", benchEnv({ AUTH_URL: origin }));
  try {
    seed(database.env, 2000);
    const { cookie } = lastJsonLine<{ cookie: { name: string; value: string } }>(
      runTsx("bench/ui-prepare.ts", [], database.env, true),
    );
    const server = await startServer(database.env, Number(args.port));
    try {
      transferred = new Map((await browserFirstLoadJs(origin, cookie)).map((r) => [r.route, r]));
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}
console.table(
  screens.map((s) => ({
    screen: s.route,
    gzip_kb: s.gzipKb,
    raw_kb: s.rawKb,
    files: s.files.length,
    pass: s.gzipKb <= TARGET_KB,
    ...(args.browser
      ? {
          fetched_on_load_kb: transferred.get(s.route)?.transferredKb,
          scripts_on_load: transferred.get(s.route)?.scripts,
        }
      : {}),
  })),
);
console.log(`heaviest: ${screens[0].route} ${screens[0].gzipKb} kB gzipped (target ≤ ${TARGET_KB} kB)`);
