import { MemoryFastState } from "../../services/platform/limits/memory";
import { feedStatusContract } from "./feed-status.contract";

feedStatusContract("memory", async () => new MemoryFastState());
