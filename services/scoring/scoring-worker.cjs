// Entry of a scoring worker thread, in CommonJS. piscina require()s a worker's entry before it
// tries import(), and on Node 20 a require() of an ES module that awaits at its top level (as
// scoring-worker.mjs does, to register tsx first) can abort the whole thread, a race in
// require(esm): "FATAL ERROR: v8::Module::IsGraphAsync must be used on an instantiated module"
// (seen once in a clean-clone test run). This file is required plainly and imports the ES entry
// on the first task.
let score;

module.exports = async function scoreJob(job) {
  score ??= import("./scoring-worker.mjs").then((m) => m.default);
  return (await score)(job);
};
