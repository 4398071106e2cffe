import { describe, expect, it } from "vitest";
import type { NewDelivery } from "../../services/webhooks/delivery-queue";
import { MemoryDeliveryQueue } from "../../services/webhooks/delivery-queue-memory";
import { type DeliveryQueueTestOptions, deliveryQueueContract } from "./delivery-queue.contract";

/**
 * A memory queue's backing is the instance itself, so "a second instance on the same backing" is
 * the same instance: the factory hands it out until cleanup, and the next test gets a fresh one.
 * Its retention is fixed at construction, so every make() of one test must ask for the same.
 */
let shared: { queue: MemoryDeliveryQueue; options: DeliveryQueueTestOptions } | undefined;

deliveryQueueContract(
  "memory",
  async (options = {}) => {
    shared ??= { queue: new MemoryDeliveryQueue(options), options };
    if (shared.options.retentionMs !== options.retentionMs) {
      throw new Error("one memory backing has one retention: open it with the same options");
    }
    return shared.queue;
  },
  async () => {
    shared = undefined;
  },
);

describe("MemoryDeliveryQueue beyond the contract", () => {
  it("forgets finished ids by its own clock, and only those past the retention", async () => {
    let clock = 0;
    const queue = new MemoryDeliveryQueue({ retentionMs: 1000, now: () => clock });
    const finish = async (id: string) => {
      await queue.enqueue({ ...delivery, delivery_id: id }, 0);
      const [held] = await queue.claim(0, 1, 10);
      await queue.finish(id, held?.lease ?? "", "delivered");
    };
    await finish("dlv_early");
    clock = 600;
    await finish("dlv_late");
    clock = 999;
    expect(await queue.finished("dlv_early")).toBe("delivered");
    clock = 1000;
    expect(await queue.finished("dlv_early")).toBeNull();
    expect(await queue.finished("dlv_late")).toBe("delivered");
    expect(await queue.enqueue({ ...delivery, delivery_id: "dlv_late" }, 0)).toBe(false);
    clock = 1600;
    expect(await queue.enqueue({ ...delivery, delivery_id: "dlv_late" }, 0)).toBe(true);
  });

  it("refuses a retention that is not a positive integer", () => {
    for (const retentionMs of [0, -1, 1.5, Number.NaN]) {
      expect(() => new MemoryDeliveryQueue({ retentionMs }), String(retentionMs)).toThrow(
        RangeError,
      );
    }
  });
});

const delivery: NewDelivery = {
  delivery_id: "dlv_x",
  subscription_id: "wh_AAAAAAAAAAAAAAAAAAAAAA",
  alert_event_id: "evt_1",
  kind: "ensemble.ready",
  payload: {},
  planned_at: 0,
};
