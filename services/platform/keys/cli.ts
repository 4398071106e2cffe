import { parseArgs } from "node:util";
import { tryParse } from "../../cli-output";
import type { Config } from "../config";
import {
  KeyStoreError,
  KeyStoreUnavailableError,
  MAX_LABEL_LENGTH,
  type ManagedApiKeyStore,
  PLANS,
  type Plan,
  SCOPES,
  type Scope,
} from "./api-keys";
import { openManagedKeyStore } from "./open";

/**
 * `voyage-risk keys create --plan <plan> [--scopes a,b] [--label text]`: issues a key and prints
 *   it, once (only its digest is stored); without --scopes the key gets its plan's defaultScopes.
 * `voyage-risk keys list`: every key's public record (never a key or a digest).
 * `voyage-risk keys revoke <id>`: revokes at once for every API process on the same store.
 *
 * Answers like the other operator commands: JSON on stdout, errors as {"error": {code, message}}
 * with exit status 2 for bad arguments and 1 for everything else.
 */

/** Where output goes (process.stdout / process.stderr, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
}

const USAGE =
  "use: keys create --plan <plan> [--scopes a,b] [--label text] | keys list | keys revoke <id>";

class BadArguments extends Error {}

export async function runKeysCommand(
  argv: string[],
  config: Config,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const print = (value: unknown) => out.write(`${JSON.stringify(value, null, 2)}\n`);
  const fail = (code: string, message: string, status: number) => {
    out.write(`${JSON.stringify({ error: { code, message } })}\n`);
    return status;
  };

  let command: (store: ManagedApiKeyStore) => Promise<number>;
  try {
    command = parseCommand(argv, { print, fail, err });
  } catch (e) {
    if (e instanceof BadArguments) return fail("bad_arguments", e.message, 2);
    throw e;
  }

  const store = openManagedKeyStore(config);
  try {
    return await command(store);
  } catch (e) {
    if (e instanceof KeyStoreUnavailableError) {
      return fail("dependency_unavailable", `API key store at ${e.where}: ${causeOf(e)}`, 1);
    }
    if (e instanceof KeyStoreError) return fail("key_store_error", e.message, 1);
    throw e;
  } finally {
    await store.close();
  }
}

interface Io {
  print(value: unknown): void;
  fail(code: string, message: string, status: number): number;
  err: TextSink;
}

/** Checks every argument before any store is opened: bad input never touches the keys. */
function parseCommand(argv: string[], io: Io): (store: ManagedApiKeyStore) => Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "create": {
      const values = parseOptions(rest, { plan: true, scopes: true, label: true }, 0).values;
      const request = createRequestOf(values);
      return async (store) => {
        const { key, record } = await store.create(request);
        io.print({ key, ...record });
        io.err.write(
          `Key ${record.id} created. This is the only time the key is shown: store it now; it cannot be recovered (only its SHA-256 digest is kept).\n`,
        );
        return 0;
      };
    }
    case "list": {
      parseOptions(rest, {}, 0);
      return async (store) => {
        io.print(await store.list());
        return 0;
      };
    }
    case "revoke": {
      const [id] = parseOptions(rest, {}, 1).positionals;
      return async (store) => {
        if (!(await store.revoke(id as string))) {
          return io.fail("not_found", `no API key with id '${id}'`, 1);
        }
        io.print({ id, revoked: true });
        return 0;
      };
    }
    default:
      throw new BadArguments(
        sub === undefined ? USAGE : `unknown keys command '${sub}' (${USAGE})`,
      );
  }
}

/** node's parseArgs, strict, with its errors (unknown option, missing value) as bad arguments. */
function parseOptions(
  args: string[],
  allowed: Record<string, true>,
  positionals: number,
): { values: Record<string, string | undefined>; positionals: string[] } {
  const parsed = tryParse(() =>
    parseArgs({
      args,
      options: Object.fromEntries(
        Object.keys(allowed).map((name) => [name, { type: "string" as const }]),
      ),
      allowPositionals: true,
      strict: true,
    }),
  );
  if ("error" in parsed) throw new BadArguments(parsed.error);
  if (parsed.positionals.length !== positionals) {
    throw new BadArguments(
      positionals === 0
        ? `unexpected argument '${parsed.positionals[0]}' (${USAGE})`
        : `expected exactly ${positionals} argument (${USAGE})`,
    );
  }
  return {
    values: parsed.values as Record<string, string | undefined>,
    positionals: parsed.positionals,
  };
}

function createRequestOf(values: Record<string, string | undefined>): {
  plan: Plan;
  scopes?: Scope[];
  label?: string;
} {
  const { plan, scopes, label } = values;
  if (plan === undefined) throw new BadArguments(`--plan is required (${PLANS.join(", ")})`);
  if (!isOneOf(PLANS, plan)) {
    throw new BadArguments(`unknown plan '${plan}' (${PLANS.join(", ")})`);
  }
  const scopeList = (scopes ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopeList.find((s) => !isOneOf(SCOPES, s));
  if (unknown !== undefined) {
    throw new BadArguments(`unknown scope '${unknown}' (${SCOPES.join(", ")})`);
  }
  if (label !== undefined && label.length > MAX_LABEL_LENGTH) {
    throw new BadArguments(`--label is longer than ${MAX_LABEL_LENGTH} characters`);
  }
  return {
    plan,
    // Left out, the store gives the key its plan's scopes; `--scopes ""` asks for none.
    ...(scopes === undefined ? {} : { scopes: scopeList as Scope[] }),
    ...(label ? { label } : {}),
  };
}

function isOneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}

/** The underlying connection error, for the operator (the URL it names has no credentials). */
function causeOf(e: KeyStoreUnavailableError): string {
  return e.cause instanceof Error ? e.cause.message : String(e.cause);
}
