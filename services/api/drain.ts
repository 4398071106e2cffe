import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../platform/errors";

/** The health route: it keeps answering while the API drains (503, status "draining"). */
export const HEALTH_PATH = "/api/v1/underwriting/health";

/**
 * The API's requests in flight, and whether it is draining. On SIGTERM the server drains: it
 * keeps listening so that health can answer 503 "draining" (a load balancer's probe stops
 * sending it traffic), turns away new work with 503 `shutting_down` and `Connection: close` (so
 * a client retries elsewhere at once, as Fastify does for requests that arrive while it closes),
 * and finishes the requests it has; then it closes. The process's drain deadline
 * (DRAIN_DEADLINE_MS, services/platform/process.ts) bounds the wait.
 */
export class Drain {
  private state: "serving" | "draining" = "serving";
  private readonly inFlight = new Map<string, { route: string; sinceMs: number }>();
  private idleWaiters: Array<() => void> = [];

  get draining(): boolean {
    return this.state === "draining";
  }

  /** From now on, new work is refused; resolves once no request is in flight. */
  async drain(): Promise<void> {
    this.state = "draining";
    if (this.inFlight.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** What is still in flight: method and route pattern (never a URL: it may carry a key). */
  requests(nowMs = Date.now()): Array<{ request: string; request_id: string; for_ms: number }> {
    return [...this.inFlight].map(([id, r]) => ({
      request: r.route,
      request_id: id,
      for_ms: nowMs - r.sinceMs,
    }));
  }

  /** @internal the hooks below */
  began(request: FastifyRequest): void {
    const route = `${request.method} ${request.routeOptions.url ?? "(no route)"}`;
    this.inFlight.set(String(request.id), { route, sinceMs: Date.now() });
  }

  /** @internal the hooks below */
  ended(request: FastifyRequest): void {
    this.inFlight.delete(String(request.id));
    if (this.inFlight.size > 0 || !this.draining) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

/** Counts requests in and out, and turns new work away while draining (health excepted). */
export function installDrain(app: FastifyInstance, drain: Drain): void {
  app.addHook("onRequest", async (request, reply) => {
    if (drain.draining && request.routeOptions.url !== HEALTH_PATH) {
      reply.header("Connection", "close");
      throw new AppError("shutting_down", "this instance is shutting down; retry the request", {
        retry_after_s: 1,
      });
    }
    drain.began(request);
  });
  app.addHook("onSend", async (_request, reply) => {
    if (drain.draining) reply.header("Connection", "close");
  });
  app.addHook("onResponse", async (request) => drain.ended(request));
  // A client that goes away before its answer: onResponse never comes for it.
  app.addHook("onRequestAbort", async (request) => drain.ended(request));
}
