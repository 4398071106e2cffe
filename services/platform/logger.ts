import pino, { type Logger } from "pino";
import type { Config } from "./config";

export type { Logger };

/** JSON logs on stdout; API keys and webhook secrets never reach them. */
export function createLogger(config: Pick<Config, "LOG_LEVEL">, name = "voyage-risk"): Logger {
  return pino({
    name,
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', "*.apiKey", "*.secret"],
      censor: "[redacted]",
    },
  });
}
