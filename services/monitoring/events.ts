import { EVENT } from "../contracts/events";
import type { EventBus } from "../platform/events/port";
import { eventRecord } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";

/** The monitored voyages' own events on voyages.monitoring (kept forever), keyed by voyage id. */

export interface Registration {
  voyageId: string;
  keyId?: string;
  fleetId?: string;
  vesselId: string;
  vessel: unknown;
  voyage: unknown;
  route: Array<[number, number]>;
  thresholds: Record<string, number>;
  departureMs: number;
  occurredAt: number;
}

export function voyageMonitoredRecord(r: Registration) {
  return eventRecord(
    {
      voyage_id: r.voyageId,
      key_id: r.keyId ?? null,
      fleet_id: r.fleetId ?? null,
      vessel_id: r.vesselId,
      vessel_json: JSON.stringify(r.vessel),
      voyage_json: JSON.stringify(r.voyage),
      route_json: JSON.stringify(r.route),
      thresholds: r.thresholds,
      departure: r.departureMs,
    },
    r.occurredAt,
  );
}

export async function publishVoyageMonitored(
  bus: EventBus,
  record: ReturnType<typeof voyageMonitoredRecord>,
): Promise<void> {
  await bus.publish(TOPIC.voyageMonitoring, [
    { key: record.voyage_id, type: EVENT.VoyageMonitored, value: record },
  ]);
}

export function monitoringStoppedRecord(
  voyageId: string,
  reason: "deleted" | "completed",
  keyId: string | undefined,
  occurredAt: number,
) {
  return eventRecord({ voyage_id: voyageId, reason, key_id: keyId ?? null }, occurredAt);
}

export function monitoringStoppedMessage(record: ReturnType<typeof monitoringStoppedRecord>) {
  return { key: record.voyage_id, type: EVENT.MonitoringStopped, value: record };
}

export async function publishMonitoringStopped(
  bus: EventBus,
  record: ReturnType<typeof monitoringStoppedRecord>,
): Promise<void> {
  await bus.publish(TOPIC.voyageMonitoring, [monitoringStoppedMessage(record)]);
}
