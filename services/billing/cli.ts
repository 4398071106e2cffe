import { parseArgs } from "node:util";
import { fail, printJson, tryParse } from "../cli-output";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../platform/analytics/clickhouse";
import type { Config } from "../platform/config";
import { KeyStoreUnavailableError } from "../platform/keys/api-keys";
import { openManagedKeyStore } from "../platform/keys/open";
import { BadMonthError, monthlyBill } from "./bill";

/**
 * `voyage-risk usage bill --key <id> --month YYYY-MM`: a key's metered voyages and bill for a
 * month, from ClickHouse (platform mode). The embedded default keeps its analytics inside the
 * serving process, so there the caller asks the API: GET /api/v1/usage?month=YYYY-MM.
 */
export async function runUsageCommand(argv: string[], config: Config): Promise<number> {
  const [sub, ...rest] = argv;
  const parsed = tryParse(() =>
    parseArgs({
      args: rest,
      options: { key: { type: "string" }, month: { type: "string" } },
      strict: true,
    }),
  );
  if (sub !== "bill" || "error" in parsed) {
    return fail(
      "invalid_input",
      `use: usage bill --key <id> --month YYYY-MM${"error" in parsed ? ` (${parsed.error})` : ""}`,
    );
  }
  const { key, month } = parsed.values;
  if (!key || !month) return fail("invalid_input", "--key and --month are required");
  if (config.VOYAGE_RISK_MODE !== "platform") {
    return fail(
      "not_available",
      "the embedded default keeps its usage inside the serving process: ask the API, GET /api/v1/usage?month=YYYY-MM",
    );
  }
  const keys = openManagedKeyStore(config);
  const analytics = createClickHouseAnalytics(clickHouseOptionsFromConfig(config));
  try {
    const record = await keys.get(key);
    if (!record) return fail("not_found", `no key ${key}`, { key_id: key });
    printJson(await monthlyBill(analytics, { id: record.id, plan: record.plan }, month));
    return 0;
  } catch (err) {
    if (err instanceof BadMonthError) return fail("invalid_input", err.message);
    if (err instanceof KeyStoreUnavailableError) return fail("dependency_unavailable", err.message);
    throw err;
  } finally {
    await Promise.allSettled([keys.close(), analytics.close()]);
  }
}
