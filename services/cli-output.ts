/**
 * How operator commands answer: JSON on stdout, errors as {"error": {code, message, details}}
 * with exit status 2 for bad arguments and 1 for everything else.
 */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function fail(code: string, message: string, details?: Record<string, unknown>): number {
  process.stdout.write(
    `${JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } })}\n`,
  );
  return code === "invalid_input" ? 2 : 1;
}

/**
 * Rewrites `--lat -33.9` as `--lat=-33.9`: node's parseArgs takes a value that starts with a dash
 * for another option, and coordinates west and south are negative.
 */
export function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (a.startsWith("--") && !a.includes("=") && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** parseArgs with its own errors (unknown option, missing value) answered as invalid_input. */
export function tryParse<T>(parse: () => T): T | { error: string } {
  try {
    return parse();
  } catch (err) {
    return { error: (err as Error).message.split("\n")[0] as string };
  }
}
