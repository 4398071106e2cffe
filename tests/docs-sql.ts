import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { splitStatements } from "../services/platform/analytics/migrations";

/** A query of a document: a fenced block opened with ```sql query=NAME holding one statement. */
export interface DocsQuery {
  name: string;
  /** The statement without its closing `;`, leading comment lines included. */
  sql: string;
  /** 1-based line of the opening fence, for messages. */
  line: number;
}

const FENCE = /^```sql(?:\s+query=([a-z0-9-]+))?\s*$/;

/**
 * Every sql block of a markdown document, each of which must be named and hold exactly one
 * statement, so that a test running them all runs every query a reader sees.
 */
export function docsQueries(markdown: string): DocsQuery[] {
  const lines = markdown.split("\n");
  const queries: DocsQuery[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const line = i + 1;
    const name = open[1];
    if (name === undefined) throw new Error(`line ${line}: a sql block needs query=NAME`);
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i] as string);
    if (i === lines.length) throw new Error(`line ${line}: sql block ${name} is not closed`);
    const statements = splitStatements(body.join("\n"));
    if (statements.length !== 1) {
      throw new Error(`line ${line}: sql block ${name} holds ${statements.length} statements`);
    }
    if (queries.some((q) => q.name === name)) throw new Error(`line ${line}: ${name} again`);
    queries.push({ name, sql: statements[0] as string, line });
  }
  return queries;
}

export const ANALYTICS_DOC = resolve(import.meta.dirname, "../docs/analytics.md");

/** The queries of docs/analytics.md. */
export function analyticsDocQueries(): DocsQuery[] {
  return docsQueries(readFileSync(ANALYTICS_DOC, "utf8"));
}
