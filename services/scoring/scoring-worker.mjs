// Entry of a scoring worker thread: TypeScript through tsx (as bin/voyage-risk.js does), then
// the worker itself (scoring-worker.ts).
import { register } from "tsx/esm/api";

register();
const { default: score, warmUp } = await import("./scoring-worker.ts");

export { warmUp };
export default score;
