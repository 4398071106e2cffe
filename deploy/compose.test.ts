import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// Static checks of docker-compose.yml (Docker is not needed: it is never started here).
// One source of truth for ports: deploy/local/ports.env, which deploy/local/up.sh also uses.

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const read = (path: string) => readFileSync(join(repo, path), "utf8");

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { published?: string | number; target?: number; host_ip?: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const compose = parse(read("docker-compose.yml")) as ComposeFile;

/** KEY=VALUE lines of deploy/local/ports.env. */
function localPorts(): Record<string, number> {
  const ports: Record<string, number> = {};
  for (const line of read("deploy/local/ports.env").split("\n")) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(\d+)\s*$/.exec(line);
    if (m?.[1] && m[2]) ports[m[1]] = Number(m[2]);
  }
  return ports;
}

/** The keys of `configSchema = z.object({ ... })` in services/platform/config.ts. */
function configKeys(): Set<string> {
  const src = read("services/platform/config.ts");
  const start = src.indexOf("configSchema = z.object({");
  if (start < 0)
    throw new Error("configSchema = z.object({ not found in services/platform/config.ts");
  // the object ends at the first line that closes it at the top level: "});"
  const end = src.indexOf("\n});", start);
  const body = src.slice(start, end < 0 ? undefined : end);
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\s*:/gm)].map((m) => m[1] ?? ""));
}

/** Host ports a service publishes (short "[ip:]host:container[/proto]" or long syntax). */
function hostPorts(service: ComposeService): number[] {
  return (service.ports ?? []).flatMap((p) => {
    if (typeof p === "object") return p.published === undefined ? [] : [Number(p.published)];
    const parts = String(p)
      .replace(/\/(tcp|udp)$/, "")
      .split(":");
    return parts.length >= 2 ? [Number(parts[parts.length - 2])] : [];
  });
}

function envNames(service: ComposeService): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((e) => e.split("=")[0] ?? "") : Object.keys(env);
}

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const d = service.depends_on ?? [];
  return Array.isArray(d)
    ? Object.fromEntries(d.map((name) => [name, undefined]))
    : Object.fromEntries(Object.entries(d).map(([name, v]) => [name, v?.condition]));
}

/** A service of the compose file; fails the test when it is missing. */
function svc(name: string): ComposeService {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
}

const APP_SERVICES = [
  "api",
  "analytics-sink",
  "monitoring",
  "rescore",
  "advisories",
  "notify",
  "ensemble",
  "weather-feed",
];
const INFRA_SERVICES = ["kafka", "schema-registry", "clickhouse", "redis"];

describe("docker-compose.yml", () => {
  it("parses and defines the platform's services", () => {
    expect(compose).toBeTypeOf("object");
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([...INFRA_SERVICES, ...APP_SERVICES]),
    );
  });

  it("runs every stream the CLI offers (`voyage-risk stream <name>`)", () => {
    const cli = read("services/cli.ts");
    const streams = [...cli.matchAll(/sub === "([a-z-]+)"/g)].map((m) => m[1]);
    expect(streams.length).toBeGreaterThanOrEqual(7);
    // Node's own options (the young generation's size) are not part of what a service runs.
    const commands = Object.values(compose.services).map((s) =>
      (s as { command?: string[] }).command?.filter((arg) => !arg.startsWith("--")).join(" "),
    );
    for (const stream of streams) {
      expect(commands, `a service runs stream ${stream}`).toContain(
        `node bin/voyage-risk.js stream ${stream}`,
      );
    }
  });

  it("publishes the same host ports as deploy/local (deploy/local/ports.env)", () => {
    const ports = localPorts();
    for (const key of [
      "VR_KAFKA_PORT",
      "VR_SCHEMA_REGISTRY_PORT",
      "VR_CLICKHOUSE_HTTP_PORT",
      "VR_CLICKHOUSE_TCP_PORT",
      "VR_REDIS_PORT",
    ]) {
      expect(ports[key], `${key} in deploy/local/ports.env`).toBeGreaterThan(0);
    }
    expect(hostPorts(svc("kafka"))).toContain(ports.VR_KAFKA_PORT);
    expect(hostPorts(svc("schema-registry"))).toContain(ports.VR_SCHEMA_REGISTRY_PORT);
    expect(hostPorts(svc("clickhouse"))).toContain(ports.VR_CLICKHOUSE_HTTP_PORT);
    expect(hostPorts(svc("clickhouse"))).toContain(ports.VR_CLICKHOUSE_TCP_PORT);
    expect(hostPorts(svc("redis"))).toContain(ports.VR_REDIS_PORT);
  });

  it("deploy/local reads its ports from ports.env (one source of truth)", () => {
    expect(read("deploy/local/lib.sh")).toContain("ports.env");
    const scripts = ["up.sh", "down.sh", "status.sh"].map((f) => read(`deploy/local/${f}`));
    for (const s of scripts) expect(s).toContain("lib.sh");
  });

  it("gives the app services only variables that services/platform/config.ts defines", () => {
    const keys = configKeys();
    // sanity: the extraction found the schema
    expect(keys).toContain("KAFKA_BROKERS");
    expect(keys).toContain("SCHEMA_REGISTRY_URL");
    for (const name of APP_SERVICES) {
      const service = svc(name);
      const names = envNames(service);
      expect(names.length, `${name} has an environment`).toBeGreaterThan(0);
      const unknown = names.filter((n) => !keys.has(n));
      expect(unknown, `${name} uses variables not in configSchema`).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining(["VOYAGE_RISK_MODE", "KAFKA_BROKERS", "SCHEMA_REGISTRY_URL"]),
      );
      const env = service.environment as Record<string, unknown>;
      expect(env.VOYAGE_RISK_MODE).toBe("platform");
      expect(String(env.SCHEMA_REGISTRY_URL)).toMatch(/\/apis\/ccompat\/v7$/);
      expect(String(env.REDIS_URL)).toMatch(/^redis:\/\/[^/]+:\d+\/\d+$/);
    }
    const api = svc("api").environment as Record<string, unknown>;
    expect(api.HOST).toBe("0.0.0.0");
  });

  it("points every depends_on at a defined, healthchecked service", () => {
    const defined = new Set(Object.keys(compose.services));
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [target, condition] of Object.entries(dependsOn(service))) {
        expect(defined.has(target), `${name} depends on unknown service ${target}`).toBe(true);
        expect(condition, `${name} -> ${target}`).toBe("service_healthy");
        const hc = compose.services[target]?.healthcheck;
        expect(hc?.test && !hc.disable, `${target} needs a healthcheck`).toBeTruthy();
      }
    }
    for (const name of APP_SERVICES) {
      expect(Object.keys(dependsOn(svc(name)))).toEqual(
        expect.arrayContaining(["kafka", "schema-registry", "clickhouse"]),
      );
    }
  });

  it("builds the app services from a Dockerfile that exists", () => {
    for (const name of APP_SERVICES) {
      const build = svc(name).build;
      expect(build, `${name} has a build`).toBeDefined();
      const context = typeof build === "string" ? build : (build?.context ?? ".");
      const dockerfile =
        typeof build === "string" ? "Dockerfile" : (build?.dockerfile ?? "Dockerfile");
      const path = resolve(repo, context, dockerfile);
      expect(existsSync(path), `${path} exists`).toBe(true);
      expect(readFileSync(path, "utf8")).toMatch(/^FROM node:20/m);
    }
    const ignore = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim());
    expect(ignore).toEqual(expect.arrayContaining(["node_modules", ".local", ".git"]));
  });

  it("pins every image to a version tag", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.image || service.build) continue;
      expect(service.image, name).toMatch(/:[0-9][\w.-]*$/);
    }
  });
});
