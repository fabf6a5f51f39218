// Runs once when the Next.js server starts: validate configuration, apply migrations.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/server/startup");
  await startServer();
  const { startBackupService } = await import("@/server/backup/backup-service");
  startBackupService();
}
