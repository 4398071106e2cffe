import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DELIVERY_ID_HEADER } from "../services/webhooks/signing";

export interface ReceivedWebhook {
  /** The receiver's clock when the body had arrived. */
  at: number;
  /** The raw body, as a receiver must verify it. */
  body: string;
  headers: IncomingHttpHeaders;
  deliveryId: string;
}

/**
 * A webhook receiver on loopback for tests: records every request's raw bytes and headers, and
 * answers as the test scripts (200 by default). `down()` makes it refuse connections as a
 * stopped server does; `up()` listens again on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (
    n: number,
    got: ReceivedWebhook,
  ) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
  private server: Server | null = null;
  private port = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<string> {
    await this.listen(0);
    return this.url;
  }

  /** Delivery ids seen, once each. */
  deliveryIds(): Set<string> {
    return new Set(this.received.map((r) => r.deliveryId));
  }

  /** Delivery ids that arrived more than once. */
  repeatedIds(): string[] {
    const seen = new Map<string, number>();
    for (const r of this.received) seen.set(r.deliveryId, (seen.get(r.deliveryId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  }

  async up(): Promise<void> {
    await this.listen(this.port);
  }

  stop(): Promise<void> {
    return this.down();
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const got: ReceivedWebhook = {
          at: this.clock(),
          body: Buffer.concat(chunks).toString("utf8"),
          headers: req.headers,
          deliveryId: String(req.headers[DELIVERY_ID_HEADER.toLowerCase()] ?? ""),
        };
        this.received.push(got);
        const { status, headers } = this.answer(this.received.length, got);
        res.writeHead(status, headers).end("ok");
      });
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }
}
