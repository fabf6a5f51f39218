// The first-load JavaScript of every dashboard screen from the current production build (`.next`),
// heaviest first, against issue 28's 200 kB gzipped: a quick check after `npm run build` (bench/ui.ts
// prints the same table within `npm run bench:ui`).
//   npx tsx bench/first-load.ts
import { dashboardFirstLoadJs } from "./ui-first-load";

const TARGET_KB = 200;
const screens = dashboardFirstLoadJs();
console.table(screens.map((s) => ({ screen: s.route, gzip_kb: s.gzipKb, raw_kb: s.rawKb, files: s.files.length, pass: s.gzipKb <= TARGET_KB })));
console.log(`heaviest: ${screens[0].route} ${screens[0].gzipKb} kB gzipped (target ≤ ${TARGET_KB} kB)`);
