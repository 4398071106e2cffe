import type { FetchProgress } from "./fetch-cycle";

/**
 * A fetch's progress as one terminal line, rewritten in place: bytes and messages of the model,
 * files, and the time left at the rate so far. At most a few redraws a second.
 */
export function terminalProgress(
  out: { write(text: string): unknown },
  clock: () => number = Date.now,
): (p: FetchProgress) => void {
  let lastDraw = 0;
  let lastPhase = "";
  return (p) => {
    const now = clock();
    const final = p.phase !== lastPhase && (p.phase === "ingesting" || p.phase === "landed");
    if (!final && p.phase === lastPhase && now - lastDraw < 200) return;
    lastDraw = now;
    lastPhase = p.phase;
    out.write(`\r\x1b[2K${progressLine(p)}${p.phase === "landed" ? "\n" : ""}`);
  };
}

export function progressLine(p: FetchProgress): string {
  const cycle = `${p.cycle_utc.slice(0, 13)}Z`;
  const parts = [`${p.model} ${cycle}`, p.phase];
  if (p.phase !== "inventories" || p.bytes_total > 0) {
    parts.push(
      `${mb(p.bytes)} / ${mb(p.bytes_total)} MB`,
      `${p.messages}/${p.messages_total} messages`,
      `${p.files}/${p.files_total} files`,
    );
  } else {
    parts.push(`${p.files_total} files`);
  }
  if (p.phase === "downloading" && p.eta_s !== null) parts.push(`ETA ${duration(p.eta_s)}`);
  return parts.join("  ");
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function duration(s: number): string {
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}
