import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize, resolve } from "node:path";

/** The provider layouts written by scripts/make-feed-fixtures.sh (NOAA under noaa/, ECMWF under ecmwf/). */
export const MIRROR_DIR = resolve(import.meta.dirname, "fixtures/grib/mirror");

export interface MirrorRequest {
  method: string;
  path: string;
  range: string | null;
  status: number;
}

/**
 * A static file server over the fixtures mirror, as S3 or ECMWF's server answers: GET and HEAD,
 * single byte ranges (206 with Content-Range), 404 for what is not there. And the faults a feed
 * must survive, by path: not yet published (404), a connection dropped after some bytes of a
 * body (the first `times` requests), a corrupt byte in what is served. Every request is recorded.
 */
export class FeedMirror {
  readonly requests: MirrorRequest[] = [];
  /** Paths answered 404 as if not published yet. */
  readonly unpublished = new Set<string>();
  /** Path -> bytes of the body sent before the connection is destroyed, for `times` requests. */
  readonly drops = new Map<string, { afterBytes: number; times: number }>();
  /** Path -> requests answered 503 (after any drops of that path). */
  readonly failing = new Map<string, number>();
  /** Path -> absolute file offset of a byte served inverted. */
  readonly corrupt = new Map<string, number>();
  private server?: Server;

  constructor(private readonly root = MIRROR_DIR) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
    await new Promise<void>((r) => this.server?.listen(0, "127.0.0.1", r));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()));
  }

  /** Requests for GRIB2 data (not inventories), as path and range. */
  dataRequests(): MirrorRequest[] {
    return this.requests.filter(
      (r) => r.method === "GET" && !r.path.endsWith(".idx") && !r.path.endsWith(".index"),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(
      /^\/+/,
      "",
    );
    const record = (status: number) =>
      this.requests.push({
        method: req.method ?? "",
        path,
        range: req.headers.range ?? null,
        status,
      });
    const file = normalize(join(this.root, path));
    let bytes: Buffer;
    try {
      if (!file.startsWith(this.root) || this.unpublished.has(path)) throw new Error("absent");
      bytes = await readFile(file);
    } catch {
      record(404);
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const drop = this.drops.get(path);
    const failing = this.failing.get(path) ?? 0;
    if (!(drop && drop.times > 0) && failing > 0 && req.method === "GET") {
      this.failing.set(path, failing - 1);
      record(503);
      res.writeHead(503).end("slow down");
      return;
    }
    const corruptAt = this.corrupt.get(path);
    if (corruptAt !== undefined) {
      bytes = Buffer.from(bytes);
      bytes[corruptAt] = (bytes[corruptAt] as number) ^ 0xff;
    }
    let start = 0;
    let end = bytes.length - 1;
    let status = 200;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (req.headers.range) {
      if (!range) {
        record(416);
        res.writeHead(416).end();
        return;
      }
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
      if (start > end) {
        record(416);
        res.writeHead(416, { "Content-Range": `bytes */${bytes.length}` }).end();
        return;
      }
      status = 206;
    }
    record(status);
    const body = bytes.subarray(start, end + 1);
    const headers: Record<string, string | number> = {
      "Content-Length": body.length,
      "Accept-Ranges": "bytes",
      "Content-Type": "application/octet-stream",
    };
    if (status === 206) headers["Content-Range"] = `bytes ${start}-${end}/${bytes.length}`;
    res.writeHead(status, headers);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    if (drop && drop.times > 0 && body.length > drop.afterBytes) {
      drop.times--;
      // Part of the body, then the connection goes: the client sees a body cut short.
      res.write(body.subarray(0, drop.afterBytes), () => res.socket?.destroy());
      return;
    }
    res.end(body);
  }
}
