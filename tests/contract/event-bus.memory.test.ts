import { MemoryEventBus } from "../../services/platform/events/memory-bus";
import { MemoryCodec } from "../../services/platform/events/memory-codec";
import { testCatalog } from "../helpers";
import { eventBusContract, TOPICS } from "./event-bus.contract";

eventBusContract("in-process", async () => {
  const bus = new MemoryEventBus({
    codec: new MemoryCodec(testCatalog()),
    defaultRetryBackoffMs: 10,
  });
  await bus.start(TOPICS);
  return bus;
});
