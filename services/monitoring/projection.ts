import type { FastState } from "../platform/limits/port";
import { type MonitoredMeta, type MonitoredView, monitoredView, type ScoreHistory } from "./state";

/**
 * The monitored voyages' current state in fast state (Redis in platform mode) for fast reads:
 * per voyage its meta and its score history under two keys, each written by the fold of one
 * topic (streams/monitoring), and by the API as it registers or stops a voyage (so a caller
 * reads what it just wrote). Losing it loses nothing: the projector rebuilds it from Kafka.
 */
export class MonitoredProjection {
  constructor(private readonly state: FastState) {}

  async meta(id: string): Promise<MonitoredMeta | null> {
    const raw = await this.state.get(metaKey(id));
    return raw === null ? null : (JSON.parse(raw) as MonitoredMeta);
  }

  async putMeta(meta: MonitoredMeta): Promise<void> {
    await this.state.set(metaKey(meta.id), JSON.stringify(meta));
  }

  async history(id: string): Promise<ScoreHistory | null> {
    const raw = await this.state.get(historyKey(id));
    return raw === null ? null : (JSON.parse(raw) as ScoreHistory);
  }

  async putHistory(history: ScoreHistory): Promise<void> {
    await this.state.set(historyKey(history.voyage_id), JSON.stringify(history));
  }

  async view(id: string): Promise<MonitoredView | null> {
    const [meta, history] = await Promise.all([this.meta(id), this.history(id)]);
    return meta ? monitoredView(meta, history) : null;
  }
}

const metaKey = (id: string) => `monitored:${id}:meta`;
const historyKey = (id: string) => `monitored:${id}:scores`;
