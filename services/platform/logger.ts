import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

export type { DestinationStream, Logger };

/**
 * JSON logs on stdout (or `destination`: tests read what would be logged); API keys and webhook
 * secrets never reach them: not from a header (redacted by path), nor from a URL (the request
 * serializer logs it through redactUrl), wherever a client put the key.
 */
export function createLogger(
  config: Pick<Config, "LOG_LEVEL">,
  name = "voyage-risk",
  destination?: DestinationStream,
): Logger {
  const options = {
    name,
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        "req.headers.authorization",
        'headers["x-api-key"]',
        "headers.authorization",
        "*.apiKey",
        "*.secret",
      ],
      censor: REDACTED,
    },
    // Fastify's own request serializer logs the URL as sent; this one (it takes precedence over
    // fastify's for the logger the app is given) logs the same fields with the URL redacted.
    serializers: { req: requestForLog },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REDACTED = "[redacted]";

/** Query parameter names whose values are credentials (matched anywhere in the decoded name). */
const SECRET_PARAMETER = /key|token|secret|passw|auth|signature|credential|session/i;
/** An API key's own form (generateApiKey), wherever in a URL it was put. */
const API_KEY_FORM = /vr_[A-Za-z0-9_-]{43}/g;

/**
 * A request URL fit for the logs: the value of every query parameter named like a credential
 * (api_key, apikey, key, token, access_token, X-API-Key, password, ...) replaced by
 * "[redacted]", and anything of an API key's form removed from the rest. The API refuses keys
 * in the query string (401), but clients still send them there.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const query =
    at < 0
      ? ""
      : `?${url
          .slice(at + 1)
          .split("&")
          .map((part) => {
            const eq = part.indexOf("=");
            const name = eq < 0 ? part : part.slice(0, eq);
            return eq >= 0 && SECRET_PARAMETER.test(decodedName(name))
              ? `${name}=${REDACTED}`
              : part;
          })
          .join("&")}`;
  return `${path}${query}`.replace(API_KEY_FORM, REDACTED);
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** The fields fastify logs of a request (method, url, host, remote address and port). */
function requestForLog(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === "string" ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
