import { open, stat, unlink } from "node:fs/promises";
import { seededRandom } from "../../engine/random";
import { FeedError } from "./errors";
import type { ByteRange } from "./inventory";

/**
 * HTTP for the feeds: inventories as text, file sizes, and byte ranges appended to a partial
 * file that survives a crash. Network errors, 5xx and 429 answers and bodies cut short are
 * retried with exponential backoff and a seeded jitter (the same seed waits the same times); a
 * range whose connection dropped resumes where its bytes stopped, so nothing is fetched twice.
 */

export interface HttpOptions {
  /** Attempts after the first failure of a request (a request that made progress starts over). */
  retries: number;
  /** First wait before a retry; it doubles with each attempt, times a jitter in [0.5, 1.5). */
  backoffMs: number;
  /** A request with no bytes for this long is abandoned (and retried). */
  idleTimeoutMs: number;
  /** Seed of the jitter. */
  seed: number;
  /** Called with every chunk's size as it arrives (progress). */
  onBytes?: (n: number) => void;
}

/** A failure worth another attempt: the network, the server's 5xx or 429, a body cut short. */
class Retryable extends Error {}

export class FeedHttp {
  private readonly random: () => number;
  /** Bytes of GRIB2 data received (inventories and sizes not counted). */
  bytes = 0;
  /** Requests made, retries included. */
  requests = 0;

  constructor(private readonly options: HttpOptions) {
    this.random = seededRandom(options.seed);
  }

  /** The body of `url` as text, or null when the server answers 404 (not published yet). */
  async text(url: string): Promise<string | null> {
    return this.withRetries(url, async () => {
      const res = await this.request(url, "GET");
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      this.check(url, res, [200]);
      try {
        return await res.text();
      } catch (err) {
        throw new Retryable(`body of ${url} cut short: ${(err as Error).message}`);
      }
    });
  }

  /** The size of the file at `url` (a HEAD request), or null when it is not there. */
  async size(url: string): Promise<number | null> {
    return this.withRetries(url, async () => {
      const res = await this.request(url, "HEAD");
      if (res.status === 404) return null;
      this.check(url, res, [200]);
      const length = Number(res.headers.get("content-length"));
      if (!Number.isSafeInteger(length) || length < 0) {
        throw new FeedError("feed_http_status", `${url} gives no Content-Length`, { url });
      }
      return length;
    });
  }

  /**
   * Appends `ranges` of `url`, in order, to `partPath`, resuming after the bytes the file
   * already has (a crash or a dropped connection earlier). Answers the bytes fetched now.
   */
  async download(url: string, ranges: readonly ByteRange[], partPath: string): Promise<number> {
    const total = ranges.reduce((s, r) => s + (r.end - r.start), 0);
    let have = await sizeOf(partPath);
    if (have > total) {
      // Not this plan's bytes (the inventory changed since): start again.
      await unlink(partPath);
      have = 0;
    }
    const before = have;
    const file = await open(partPath, "a");
    try {
      while (have < total) {
        const { start, end } = resumePoint(ranges, have);
        have += await this.withRetries(url, async () => {
          try {
            return await this.fetchRange(url, start, end, file);
          } catch (err) {
            // Keep what arrived: the next request asks for the rest only.
            if (err instanceof PartialRange && err.written > 0) return err.written;
            throw err;
          }
        });
      }
    } finally {
      await file.close();
    }
    return have - before;
  }

  private async fetchRange(
    url: string,
    start: number,
    end: number,
    file: Awaited<ReturnType<typeof open>>,
  ): Promise<number> {
    const res = await this.request(url, "GET", { Range: `bytes=${start}-${end - 1}` });
    if (res.status === 200) {
      await res.body?.cancel();
      throw new FeedError(
        "feed_no_range_support",
        `${url} answered a Range request with the whole file (200): the server must support byte ranges`,
        { url },
      );
    }
    this.check(url, res, [206]);
    const contentRange = res.headers.get("content-range") ?? "";
    if (!contentRange.startsWith(`bytes ${start}-`)) {
      await res.body?.cancel();
      throw new Retryable(`${url} answered range ${start}- with '${contentRange}'`);
    }
    const expected = end - start;
    let written = 0;
    try {
      for await (const chunk of this.idleGuarded(res)) {
        const take = chunk.subarray(0, expected - written);
        await file.write(take);
        written += take.length;
        this.bytes += take.length;
        this.options.onBytes?.(take.length);
        if (written >= expected) break;
      }
    } catch (err) {
      throw new PartialRange(written, `${url}: ${(err as Error).message}`);
    }
    if (written < expected) {
      throw new PartialRange(
        written,
        `${url}: ${written} of ${expected} bytes, then the body ended`,
      );
    }
    return written;
  }

  /** The response body, failing when no chunk arrives for idleTimeoutMs. */
  private async *idleGuarded(res: Response): AsyncGenerator<Uint8Array> {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      while (true) {
        let timer: NodeJS.Timeout | undefined;
        const idle = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no bytes for ${this.options.idleTimeoutMs} ms`)),
            this.options.idleTimeoutMs,
          );
        });
        try {
          const next = await Promise.race([reader.read(), idle]);
          if (next.done) return;
          yield next.value;
        } finally {
          clearTimeout(timer);
        }
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  private async request(
    url: string,
    method: "GET" | "HEAD",
    headers: Record<string, string> = {},
  ): Promise<Response> {
    this.requests++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.idleTimeoutMs);
    try {
      const res = await fetch(url, { method, headers, signal: controller.signal });
      if (res.status >= 500 || res.status === 429) {
        await res.body?.cancel();
        throw new Retryable(`${url} answered ${res.status}`);
      }
      return res;
    } catch (err) {
      if (err instanceof Retryable) throw err;
      throw new Retryable(`${url}: ${(err as Error).message}${causeOf(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private check(url: string, res: Response, ok: number[]): void {
    if (!ok.includes(res.status)) {
      res.body?.cancel().catch(() => {});
      throw new FeedError("feed_http_status", `${url} answered ${res.status}`, {
        url,
        status: res.status,
      });
    }
  }

  /**
   * Runs `attempt` until it succeeds, a non-retryable error, or the retries run out. A partial
   * range counts as success for the bytes it brought (the caller asks for the rest), so only
   * attempts that brought nothing use up retries.
   */
  private async withRetries<T>(url: string, attempt: () => Promise<T>): Promise<T> {
    let failures = 0;
    while (true) {
      try {
        return await attempt();
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        failures++;
        if (failures > this.options.retries) {
          throw new FeedError(
            "feed_unreachable",
            `${err.message} (gave up after ${failures} attempts)`,
            { url, attempts: failures },
          );
        }
        const wait = this.options.backoffMs * 2 ** (failures - 1) * (0.5 + this.random());
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}

/** A range that brought some bytes before its connection ended. */
class PartialRange extends Retryable {
  constructor(
    readonly written: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where to continue: the range holding byte `have` of the concatenated ranges, from there. */
function resumePoint(ranges: readonly ByteRange[], have: number): ByteRange {
  let skipped = 0;
  for (const r of ranges) {
    const length = r.end - r.start;
    if (have < skipped + length) return { start: r.start + (have - skipped), end: r.end };
    skipped += length;
  }
  throw new Error("nothing left to fetch");
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause ? ` (${cause.code ?? cause.message})` : "";
}
