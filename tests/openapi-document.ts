import { DOCS_PREFIX } from "../services/api/openapi";

/** The parts of an OpenAPI operation the tests read. */
export interface OpenApiOperation {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description?: string; content?: unknown }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The OpenAPI document a running API serves (at /docs/json). */
export async function servedOpenApi(url: string): Promise<OpenApiDocument> {
  const res = await fetch(`${url}${DOCS_PREFIX}/json`);
  if (res.status !== 200) throw new Error(`${DOCS_PREFIX}/json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}
