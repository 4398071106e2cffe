import { ConfigError, loadConfig } from "./platform/config";
import { serveUntilSignalled } from "./serve";

/** `npm start`: the API (embedded default unless VOYAGE_RISK_MODE=platform). */
try {
  await serveUntilSignalled(loadConfig());
} catch (err) {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`,
  );
  process.exit(1);
}
