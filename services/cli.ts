import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "./platform/config";

/**
 * `npx voyage-risk <command>`: operator tasks.
 */
const HELP = `usage: voyage-risk <command>

  serve                 run the API (VOYAGE_RISK_MODE=embedded|platform)
  route --from <lat,lon> --to <lat,lon> [--objective safest|fastest|most-comfortable|fuel-efficient]
        [--departure <iso>] [--draft-m m] [--beam-m m] [--loa-m m] [--speed-kts kts] [--avoid a,b]
                        print a sea route as a GeoJSON Feature
  weather ingest <files…> --model <m>
                        decode a forecast cycle's GRIB2 files into WEATHER_DIR and land WeatherCycleLanded
  weather fetch --model <gfs|gefs|ecmwf-ens> [--cycle <iso>|latest] [--to-h h] [--base-url url]
                        fetch a cycle from its provider (NOAA, ECMWF open data) by byte range,
                        ingest it and land WeatherCycleLanded; prints the bytes fetched
  weather cycles        list the models and the cycles loaded
  weather reanalysis status | load [--from-year y] [--to-year y] [--replace]
                        the 47-year reanalysis: what is available; fill ClickHouse (resumable)
  weather sample --model <m> [--cycle iso] [--member n] --lat d --lon d
        (--time iso | --from iso --to iso --every-h h)
                        print the conditions at a point as JSON (--model reanalysis: the 47-year store)
  keys create --plan <per-query|captain|fleet|enterprise> [--scopes a,b] [--label text]
                        issue an API key (printed once; stored as a digest: Redis in platform mode,
                        API_KEYS_STORE_FILE embedded)
  keys list             the keys, without secrets
  keys revoke <id>      revoke a key (refused at once by every API process)
  usage bill --key <id> --month YYYY-MM
                        a key's metered voyages and bill for a month (platform mode: ClickHouse)
  stream analytics      run the analytics sink (Kafka -> ClickHouse)
  stream monitoring     run the monitored-voyage projector (Kafka -> Redis)
  stream rescore        re-score monitored voyages on every new forecast cycle (fan-out + worker)
  stream advisories     tell monitored voyages of advisories on their remaining route
  stream notify         deliver alerts to webhook subscriptions (signed, retried over a day)
  stream ensemble       compute requested ensemble analyses (then ensemble.ready)
  stream weather-feed   poll the feeds of WEATHER_FEEDS; fetch and land each new complete cycle
  infra up|down|status  start, stop or show the local Kafka, registry, ClickHouse and Redis
  config check          validate the environment and print the resolved configuration
`;

const root = resolve(import.meta.dirname, "..");

async function run(argv: string[]): Promise<number> {
  const [command, sub] = argv;
  switch (command) {
    case "serve": {
      const { serveUntilSignalled } = await import("./serve");
      await serveUntilSignalled(loadConfig());
      return 0;
    }
    case "route": {
      const { runRouteCommand } = await import("./routing/cli");
      return runRouteCommand(argv.slice(1));
    }
    case "weather": {
      const { runWeatherCommand } = await import("./weather/cli");
      return runWeatherCommand(argv.slice(1), loadConfig());
    }
    case "keys": {
      const { runKeysCommand } = await import("./platform/keys/cli");
      return runKeysCommand(argv.slice(1), loadConfig());
    }
    case "usage": {
      const { runUsageCommand } = await import("./billing/cli");
      return runUsageCommand(argv.slice(1), loadConfig());
    }
    case "stream": {
      if (sub === "analytics") {
        const { main } = await import("../streams/analytics/main");
        await main();
        return 0;
      }
      if (sub === "advisories") {
        const { main } = await import("../streams/advisories/main");
        await main();
        return 0;
      }
      if (sub === "rescore") {
        const { main } = await import("../streams/rescore/main");
        await main();
        return 0;
      }
      if (sub === "monitoring") {
        const { main } = await import("../streams/monitoring/main");
        await main();
        return 0;
      }
      if (sub === "ensemble") {
        const { main } = await import("../streams/ensemble/main");
        await main();
        return 0;
      }
      if (sub === "weather-feed") {
        const { main } = await import("../streams/weather-feed/main");
        await main();
        return 0;
      }
      if (sub === "notify") {
        const { main } = await import("../streams/notify/main");
        await main();
        return 0;
      }
      break;
    }
    case "infra": {
      if (sub !== "up" && sub !== "down" && sub !== "status") break;
      const r = spawnSync("bash", [resolve(root, `deploy/local/${sub}.sh`), ...argv.slice(2)], {
        stdio: "inherit",
      });
      return r.status ?? 1;
    }
    case "config": {
      if (sub !== "check") break;
      const config = loadConfig();
      const shown = { ...config, CLICKHOUSE_PASSWORD: config.CLICKHOUSE_PASSWORD ? "[set]" : "" };
      process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
      return 0;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(HELP);
      return 0;
  }
  process.stderr.write(`unknown command: ${argv.join(" ")}\n\n${HELP}`);
  return 2;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (err) {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`,
  );
  process.exitCode = 1;
}
