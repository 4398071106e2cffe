import { EmbeddedAnalytics } from "../../services/platform/analytics/embedded";
import { analyticsContract } from "./analytics.contract";

analyticsContract("embedded", async () => new EmbeddedAnalytics());
