import type { FastState } from "../platform/limits/port";

/**
 * Which advisories the admin API has issued, so that withdrawing one it never issued is a 404
 * and not an AdvisoryWithdrawn event for an id nobody knows. The advisories themselves live on
 * the `advisories` topic (streams/advisories folds it); the API has no read model of them, so it
 * keeps this small record in the fast state (Redis in platform mode, shared by every API
 * process; memory in the embedded default), written before the event is published.
 *
 * An advisory issued before this record existed, or lost with a Redis that keeps nothing, is
 * withdrawn by issuing it again with its id (a change) and then withdrawing it.
 */
export type IssuedAdvisory = { state: "live" } | { state: "withdrawn"; event_id: string };

const keyOf = (id: string) => `advisory:${id}`;

export class IssuedAdvisories {
  constructor(private readonly state: FastState) {}

  async get(id: string): Promise<IssuedAdvisory | null> {
    const raw = await this.state.get(keyOf(id));
    return raw === null ? null : (JSON.parse(raw) as IssuedAdvisory);
  }

  /** Issued or changed: live (again, after a withdrawal). */
  async live(id: string): Promise<void> {
    await this.state.set(keyOf(id), JSON.stringify({ state: "live" }));
  }

  /** Withdrawn by the event `eventId`; withdrawing again answers that event. */
  async withdrawn(id: string, eventId: string): Promise<void> {
    await this.state.set(keyOf(id), JSON.stringify({ state: "withdrawn", event_id: eventId }));
  }
}
