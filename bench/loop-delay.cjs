// Preloaded by tail.mjs into each server it runs (node -r): the longest delay of the process's event
// loop (monitorEventLoopDelay, sampled every millisecond: a delay reads up to about 1 ms high),
// written on SIGUSR2 to CARTAX_LOOP_DELAY_FILE as "<signal count> <ms>" and started afresh. One
// measure for every server, since a server's own metrics (prom-client's, sampled every 10 ms) are
// not the plain server's. Written to a temporary file and renamed, so a reader never sees half.
const fs = require("node:fs");
const { monitorEventLoopDelay } = require("node:perf_hooks");

const file = process.env.CARTAX_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let signals = 0;
  process.on("SIGUSR2", () => {
    signals++;
    fs.writeFileSync(`${file}.tmp`, `${signals} ${delay.max / 1e6}`);
    fs.renameSync(`${file}.tmp`, file);
    delay.reset();
  });
}
