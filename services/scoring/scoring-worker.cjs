// Entry of a scoring worker thread, in CommonJS. piscina require()s a worker's entry before it
// tries import(), and on Node 20 a require() of an ES module that awaits at its top level (as
// scoring-worker.mjs does, to register tsx first) can abort the whole thread, a race in
// require(esm): "FATAL ERROR: v8::Module::IsGraphAsync must be used on an instantiated module"
// (seen once in a clean-clone test run). This file is required plainly and imports the ES entry
// on the first task, or at once when the pool asks its threads to warm up (workerData.warmUp):
// then the thread makes what every job needs while the first request is still on its way, and
// the tasks that arrive meanwhile wait for it.
const { workerData } = require("node:worker_threads");

let worker;
const load = () => {
  worker ??= import("./scoring-worker.mjs");
  return worker;
};
if (workerData?.warmUp) {
  load()
    .then((m) => m.warmUp())
    .catch(() => {
      // The first task imports it again and reports the failure.
      worker = undefined;
    });
}
module.exports = async function scoreJob(job) {
  return (await load()).default(job);
};
