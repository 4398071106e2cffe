import { type ClientRequest, request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { checkDestination, type DestinationCheck, type ResolveHost } from "./destination";
import { classifyResponse, type ResponseOutcome } from "./schedule";

/**
 * One delivery attempt: vet the destination, POST the signed body, classify the answer. It
 * decides nothing about retries (see schedule.ts) and never throws.
 *
 * node:http(s) rather than fetch, for two reasons: the connection must go to the address
 * checkDestination vetted (a custom `lookup` pins it, so a DNS answer that changes between check
 * and connect cannot redirect us inside the network, while TLS still verifies the host name),
 * and node:http never follows redirects, which could otherwise lead anywhere.
 *
 * One deadline bounds the whole attempt, the DNS lookup included: a lookup that outlived the
 * time-out would otherwise stretch the attempt past the dispatcher's lease, and a second
 * dispatcher could claim and send the same delivery. A lookup still running at the deadline is
 * abandoned (getaddrinfo cannot be cancelled); its answer is ignored, so nothing is sent late.
 */

export interface DeliveryRequest {
  url: string;
  /** The exact signed bytes (signWebhook's body). */
  body: string;
  /** signWebhook's headers; Content-Type, Content-Length, Host and User-Agent are set here. */
  headers: Record<string, string>;
  /**
   * For the whole attempt: the destination's DNS lookup, connect, send, response headers and the
   * discarded body.
   */
  timeoutMs: number;
  allowlist: readonly string[];
  resolve?: ResolveHost;
}

/**
 * - delivered / retry / gone / rejected: as classifyResponse (schedule.ts); also retry for
 *   network errors, time-outs and a host that does not resolve (nothing was sent, and DNS
 *   failures are often transient).
 * - refused: the destination is not allowed (checkDestination); nothing was sent.
 */
export type DeliveryOutcome = ResponseOutcome | "refused";

export interface DeliveryResult {
  outcome: DeliveryOutcome;
  status?: number;
  retryAfterMs?: number;
  durationMs: number;
  /** Why it was not delivered, for logs and the delivery record; absent when delivered. */
  error?: string;
}

/** Response bytes read (and thrown away) before the connection is dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export const USER_AGENT = "voyage-risk-webhooks/1";

/** Headers this module owns; a caller's copy (in any case) is dropped. */
const OWN_HEADERS = new Set(["content-type", "content-length", "host", "user-agent"]);

export async function deliverOnce(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const deadline = attemptDeadline(request.timeoutMs);
  try {
    let destination: DestinationCheck;
    try {
      destination = await beforeDeadline(
        checkDestination(request.url, request.allowlist, request.resolve),
        deadline.signal,
        request.timeoutMs,
      );
    } catch (error) {
      return { outcome: "retry", durationMs: durationMs(), error: describeFailure(error) };
    }
    if (!destination.ok) {
      return {
        outcome: destination.transient ? "retry" : "refused",
        durationMs: durationMs(),
        error: destination.reason,
      };
    }

    let answer: Answer;
    try {
      answer = await post(new URL(request.url), destination.address, request, deadline.signal);
    } catch (error) {
      if (error instanceof NotSentError) {
        return { outcome: "refused", durationMs: durationMs(), error: error.message };
      }
      return { outcome: "retry", durationMs: durationMs(), error: describeFailure(error) };
    }

    const { outcome, retryAfterMs } = classifyResponse(
      answer.status,
      answer.retryAfter,
      Date.now(),
    );
    const result: DeliveryResult = { outcome, status: answer.status, durationMs: durationMs() };
    if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
    if (outcome !== "delivered") result.error = explainStatus(answer);
    return result;
  } catch (error) {
    // Unreachable by design; a delivery worker must still never crash on one attempt.
    return { outcome: "retry", durationMs: durationMs(), error: describeFailure(error) };
  } finally {
    deadline.clear();
  }
}

/**
 * Aborts at timeoutMs. A referenced timer (AbortSignal.timeout's is not), so a pending attempt
 * keeps the process alive until it ends, and cleared once the attempt has.
 */
function attemptDeadline(timeoutMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** work's result, or a TimeoutError once the deadline passes, whichever is first. */
function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const expire = () => reject(new TimeoutError(timeoutMs));
    if (deadline.aborted) return expire();
    deadline.addEventListener("abort", expire, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", expire));
  });
}

/**
 * What is kept of a response. Not its Location: the delivery record and the logs never carry a
 * URL (a redirect target may hold a token, or map the receiver's internal network).
 */
interface Answer {
  status: number;
  retryAfter?: string;
}

/** The request could not even be built (e.g. an invalid header value): nothing was sent. */
class NotSentError extends Error {}

function post(
  url: URL,
  address: string,
  request: DeliveryRequest,
  deadline: AbortSignal,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const body = Buffer.from(request.body, "utf8");
    const family = isIP(address);
    // Every connection this request makes goes to the vetted address, whatever DNS says now.
    const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!OWN_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = String(body.length);
    headers["User-Agent"] = USER_AGENT;

    const options: RequestOptions = {
      method: "POST",
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      lookup: pinnedLookup,
      signal: deadline,
      // A fresh connection per attempt: nothing pooled outlives the pinned lookup.
      agent: false,
    };

    let settled = false;
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    let outgoing: ClientRequest;
    try {
      outgoing = send(options, (response) => {
        const answer: Answer = { status: response.statusCode ?? 0 };
        const retryAfter = response.headers["retry-after"];
        if (retryAfter !== undefined) answer.retryAfter = retryAfter;
        // The status is the answer; the body is read only so the receiver is not cut off early,
        // and never more than MAX_RESPONSE_BYTES of it.
        let received = 0;
        const finish = () => {
          if (settled) return;
          settled = true;
          resolve(answer);
        };
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) {
            finish();
            response.destroy();
          }
        });
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
      });
    } catch (error) {
      reject(new NotSentError(`request not sent: ${(error as Error).message}`));
      return;
    }
    outgoing.on("error", (error) => {
      if (settled) return;
      settled = true;
      reject(deadline.aborted ? new TimeoutError(request.timeoutMs) : error);
    });
    outgoing.end(body);
  });
}

class TimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = "TimeoutError";
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof TimeoutError) return error.message;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

function explainStatus(answer: Answer): string {
  if (answer.status >= 300 && answer.status <= 399) {
    return `redirect (${answer.status}) not followed: the subscription URL must be the final endpoint`;
  }
  return `receiver answered ${answer.status}`;
}
