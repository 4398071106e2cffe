import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/**
 * The platform's processes for an end-to-end test, each a real `voyage-risk …` process (the
 * same entry point operators run): started and awaited until it says it is ready, killed as a
 * crash would (SIGKILL) or stopped (SIGTERM), and all stopped at the end.
 */
export class PlatformProcesses {
  private readonly running = new Map<string, ChildProcess>();
  private readonly output = new Map<string, string>();

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /**
   * Starts `voyage-risk <args>` as `name`; resolves with the first match of `ready` in its
   * output, rejects if it exits first (with its output).
   */
  start(
    name: string,
    args: string[],
    ready: RegExp,
    env: Record<string, string> = {},
  ): Promise<RegExpExecArray> {
    if (this.running.has(name)) throw new Error(`${name} is already running`);
    const child = spawn(process.execPath, [resolve(root, "bin/voyage-risk.js"), ...args], {
      env: { ...this.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.running.set(name, child);
    this.output.set(name, "");
    return new Promise((resolvePromise, reject) => {
      let done = false;
      const onData = (chunk: Buffer) => {
        const text = (this.output.get(name) ?? "") + chunk.toString();
        this.output.set(name, text.slice(-200_000));
        const match = ready.exec(text);
        if (match && !done) {
          done = true;
          resolvePromise(match);
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.on("exit", (code, signal) => {
        if (this.running.get(name) === child) this.running.delete(name);
        if (!done) {
          done = true;
          reject(new Error(`${name} exited (${code ?? signal}) before ready:\n${this.tail(name)}`));
        }
      });
    });
  }

  /** Resolves when `name` exits (at once if it is not running), with its code or signal. */
  exited(name: string): Promise<string> {
    const child = this.running.get(name);
    if (!child) return Promise.resolve("not running");
    return new Promise((r) => child.once("exit", (code, signal) => r(String(code ?? signal))));
  }

  /** Sends the signal and returns at once (see `exited`). */
  signal(name: string, signal: NodeJS.Signals): void {
    const child = this.running.get(name);
    if (!child) throw new Error(`${name} is not running`);
    child.kill(signal);
  }

  /** Sends the signal and waits for the exit; a graceful stop that hangs is killed after 20 s. */
  async kill(name: string, signal: NodeJS.Signals): Promise<void> {
    const child = this.running.get(name);
    if (!child) return;
    const gone = this.exited(name);
    child.kill(signal);
    const hung = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await gone;
    clearTimeout(hung);
  }

  /** The last lines a process printed, for failure messages. */
  tail(name: string, chars = 4000): string {
    return (this.output.get(name) ?? "").slice(-chars);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.kill(name, "SIGTERM")));
  }
}
