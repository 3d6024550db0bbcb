/**
 * WEB_CONCURRENCY > 1: this process becomes the primary of Node's cluster and runs that many portal
 * workers, which share the listening port (the primary hands each connection to one of them). The first
 * worker starts alone, so that the embedded API migrates and seeds the database once; the others follow
 * once it listens. A worker that dies is replaced; one that stops before it ever listened (a port in use,
 * a database that refuses) stops them all with its exit code, instead of being started again for ever.
 * SIGTERM and SIGINT reach every worker, each finishing its requests in flight (server.ts), and the
 * primary leaves once the last one has.
 */
import cluster, { type Worker } from "node:cluster";

export interface ClusterLog {
  info(message: string): void;
  warn(message: string): void;
}

export function runWorkers(count: number, log: ClusterLog): void {
  let stopping = false;
  let everListened = false;
  const listened = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listened.add(worker);
      if (!everListened) {
        everListened = true;
        for (let i = 1; i < count; i++) fork();
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("All workers stopped");
        process.exit(0);
      }
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listened.has(worker)) {
      log.warn(`Worker ${worker.process.pid} stopped before it listened (${how}): stopping the portal`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code || 1);
      return;
    }
    log.warn(`Worker ${worker.process.pid} stopped (${how}): starting another`);
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: each of ${Object.keys(cluster.workers ?? {}).length} workers finishes its requests in flight, then stops`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  log.info(`Starting ${count} portal workers (WEB_CONCURRENCY)`);
  fork();
}
