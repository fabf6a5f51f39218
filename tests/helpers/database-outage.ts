// Takes the test file's database away and brings it back, as an outage would:
// - PostgreSQL (TEST_DATABASE_URL): the app connects through a TCP relay started here;
//   `stop()` closes the relay's listener and every open connection (the server "stops");
// - PGlite: `stop()` closes the embedded database (its connection is gone).
import net from "node:net";
import { closeDb, db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";

export interface Outage {
  stop(): Promise<void>;
}

/** Call before the test's data is created: on PostgreSQL the app is moved behind the relay. */
export async function prepareOutage(): Promise<Outage> {
  const target = process.env.DATABASE_URL;
  if (!target) {
    return {
      stop: async () => {
        const state = (globalThis as { __raffleDb?: { pglite?: { close(): Promise<void> } } }).__raffleDb;
        await state?.pglite?.close();
      },
    };
  }
  const url = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(url.port || 5432), url.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(target);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((relay.address() as net.AddressInfo).port);
  await closeDb();
  process.env.DATABASE_URL = relayed.toString();
  resetEnvCache();
  await db().$queryRawUnsafe("SELECT 1");
  return {
    stop: async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
