// Playwright's global setup: the migrated embedded database every app server of the run copies
// (e2e/template-database.ts). Workers inherit the variable it sets.
import { ensureTemplateDatabase, TEMPLATE_ENV } from "./template-database";

export default function globalSetup() {
  process.env[TEMPLATE_ENV] ??= ensureTemplateDatabase();
}
