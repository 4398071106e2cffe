import type { VoyageRiskRequest } from "../../services/contracts/api/underwriting";
import { EVENT, type EventMessage, isEvent } from "../../services/contracts/events";
import {
  type AdvisoryArea,
  compileArea,
  firstEntry,
  remainingRoute,
} from "../../services/engine/advisories/advisory-area";
import { resolveVessel } from "../../services/engine/scoring/vessel-types";
import { derivedEventId } from "../../services/monitoring/event-ids";
import { followMonitoredVoyages, waitUntil } from "../../services/monitoring/follow";
import type { EventBus, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";

/**
 * The advisories stream: when an advisory is issued, changed or withdrawn, every active monitored
 * voyage whose remaining route passes through its area (for a change: the old area or the new;
 * for a withdrawal: the area withdrawn) gets an AdvisoryChanged alert on voyages.alerts (webhook
 * voyage.advisory_changed). Acting is one consumer group ("advisories", committed): an event is
 * acted on once. What it needs to act, every monitored voyage and every advisory's versions, are
 * this process's own folds of voyages.monitoring and advisories, read from the beginning at each
 * start; an event waits until both folds have reached it. Alert ids derive from (voyage,
 * advisory event), so acting again after a crash repeats the same alerts, which consumers
 * deduplicate.
 */
export const ADVISORIES_GROUP = "advisories";

interface AdvisoryVersion {
  event_id: string;
  withdrawn: boolean;
  kind: string;
  title: string;
  area: AdvisoryArea | null;
}

export interface AdvisoriesStream {
  stop(): Promise<void>;
}

export async function startAdvisoriesStream(opts: {
  bus: EventBus;
  instanceId: string;
  groupId?: string;
  onAlerted?: (report: { advisory_id: string; voyages: number }) => void;
}): Promise<AdvisoriesStream> {
  const { bus } = opts;
  const followed = await followMonitoredVoyages(bus, `advisories-voyages.${opts.instanceId}`);
  const versions = new Map<string, AdvisoryVersion[]>();
  /** The advisories fold's last offset read per partition. */
  const seen = new Map<number, bigint>();
  const advisoriesFold: Subscription = await bus.subscribe({
    groupId: `advisories-state.${opts.instanceId}`,
    topics: [TOPIC.advisories],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        const list = versions.get(e.key) ?? [];
        if (
          isEvent(e, EVENT.AdvisoryIssued, EVENT.AdvisoryWithdrawn) &&
          !list.some((v) => v.event_id === e.value.event_id)
        ) {
          list.push(versionOf(e, list.at(-1)));
          versions.set(e.key, list);
        }
        seen.set(e.partition, BigInt(e.offset));
      }
    },
  });

  const acting = await bus.subscribe({
    groupId: opts.groupId ?? ADVISORIES_GROUP,
    topics: [TOPIC.advisories],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        if (!isEvent(e, EVENT.AdvisoryIssued, EVENT.AdvisoryWithdrawn)) continue;
        await waitUntil(() => (seen.get(e.partition) ?? -1n) >= BigInt(e.offset));
        await waitUntil(followed.caughtUp);
        const list = versions.get(e.key) ?? [];
        const at = list.findIndex((v) => v.event_id === e.value.event_id);
        const now = list[at];
        if (!now) continue;
        const before = list.slice(0, at).at(-1);
        const change = now.withdrawn
          ? "withdrawn"
          : before && !before.withdrawn
            ? "changed"
            : "issued";
        const areas = [now.area, before && !before.withdrawn ? before.area : null]
          .filter((a): a is AdvisoryArea => a !== null)
          .map(compileArea);
        const atMs = e.value.occurred_at;
        const alerts = [];
        for (const v of followed.voyages.values()) {
          if (v.status !== "active" || v.route.length < 2) continue;
          const vessel = resolveVessel({ ...(v.vessel as VoyageRiskRequest["vessel"]) });
          const ahead = remainingRoute(
            v.route.map(([lon, lat]) => ({ lat, lon })),
            Date.parse(v.departure_utc),
            vessel.speed_kts,
            atMs,
          );
          const entry = areas.map((g) => firstEntry(ahead, g)).find((p) => p !== null);
          if (!entry) continue;
          alerts.push({
            key: v.id,
            type: EVENT.AdvisoryChanged,
            value: {
              event_id: derivedEventId("advisory", v.id, e.value.event_id),
              occurred_at: atMs,
              voyage_id: v.id,
              vessel_id: v.vessel_id,
              key_id: v.key_id,
              fleet_id: v.fleet_id,
              advisory_id: e.key,
              change,
              advisory_kind: now.kind,
              title: now.title,
              entry_lat: entry.lat,
              entry_lon: entry.lon,
            },
          });
        }
        if (alerts.length > 0) await bus.publish(TOPIC.voyageAlerts, alerts);
        opts.onAlerted?.({ advisory_id: e.key, voyages: alerts.length });
      }
    },
  });

  return {
    stop: async () => {
      await acting.stop();
      await Promise.allSettled([followed.stop(), advisoriesFold.stop()]);
    },
  };
}

/** An advisory's version from its event; a withdrawal keeps the last area (what it withdrew). */
function versionOf(
  event: EventMessage<typeof EVENT.AdvisoryIssued | typeof EVENT.AdvisoryWithdrawn>,
  last: AdvisoryVersion | undefined,
): AdvisoryVersion {
  if (!isEvent(event, EVENT.AdvisoryIssued)) {
    return {
      event_id: event.value.event_id,
      withdrawn: true,
      kind: last?.kind ?? "atba",
      title: last?.title ?? "",
      area: last?.area ?? null,
    };
  }
  const e = event.value;
  return {
    event_id: e.event_id,
    withdrawn: false,
    kind: e.kind,
    title: e.title,
    // Written by the advisory API from its validated body.
    area: JSON.parse(e.area_json) as AdvisoryArea,
  };
}
