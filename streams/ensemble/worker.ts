import type { VoyageRiskRequest } from "../../services/contracts/api/underwriting";
import { EVENT, isEvent } from "../../services/contracts/events";
import {
  type AnalysisRecord,
  type EnsembleAnalyses,
  publishAnalysisCompleted,
} from "../../services/ensemble/analyses";
import { appErrorOf } from "../../services/platform/errors";
import type { EventBus, Subscription } from "../../services/platform/events/port";
import { nameBasedId } from "../../services/platform/events/records";
import { TOPIC } from "../../services/platform/events/topics";
import type { Scorer } from "../../services/scoring/scorer";
import { publishVoyageScored } from "../../services/underwriting/events";
import type { ForecastAt } from "../../services/underwriting/voyage-risk";

/**
 * The ensemble-analysis worker (group "ensemble-analyses" on voyages.requests; instances share
 * it by partition): each requested analysis computed on the scoring threads against the forecast
 * chosen when it was asked for, so a repeat after a crash computes the same answer and publishes
 * the same events (ids derived from the analysis). A typed failure (a voyage on land, no
 * forecast) completes the analysis as failed; anything else is retried, then dead-lettered.
 */
export const ENSEMBLE_GROUP = "ensemble-analyses";

export function startEnsembleWorker(opts: {
  bus: EventBus;
  scorer: Scorer;
  analyses: EnsembleAnalyses;
  now?: () => number;
  groupId?: string;
}): Promise<Subscription> {
  const now = opts.now ?? Date.now;
  return opts.bus.subscribe({
    groupId: opts.groupId ?? ENSEMBLE_GROUP,
    topics: [TOPIC.voyageRequests],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        if (!isEvent(e, EVENT.EnsembleAnalysisRequested)) continue;
        const r = e.value;
        const id = r.analysis_id;
        const keyId = r.key_id;
        // Our own request, validated at the API before it was published.
        const body = JSON.parse(r.request_json) as VoyageRiskRequest;
        const forecast = JSON.parse(r.forecast_json) as ForecastAt;
        const base = {
          id,
          key_id: keyId,
          fleet_id: r.fleet_id,
          requested_at: new Date(r.occurred_at).toISOString(),
          completed_at: new Date(now()).toISOString(),
        };
        let record: AnalysisRecord;
        try {
          const s = await opts.scorer.run({
            kind: "voyage-risk",
            body,
            ids: { voyageId: id, requestId: id },
            forecast,
          });
          await publishVoyageScored(opts.bus, s.response, {
            ...(keyId ? { keyId } : {}),
            vesselType: body.vessel.type,
            ...s.used,
            // Metered as the underwriting voyage-risk it is.
            iface: "underwriting",
            occurredAt: now(),
            eventId: nameBasedId(`ensemble-scored\n${id}`),
          });
          record = { ...base, status: "ready", result: s.response, error: null };
        } catch (error) {
          const failure = appErrorOf(error);
          if (!failure) throw error;
          record = {
            ...base,
            status: "failed",
            result: null,
            error: { code: failure.code, message: failure.message },
          };
        }
        await opts.analyses.put(record);
        await publishAnalysisCompleted(opts.bus, record);
      }
    },
  });
}
