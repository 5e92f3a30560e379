// Not a floor: a plain node:http server (no framework, no engine) that reads a request's body and
// answers after a fixed spell of CPU work (PLAIN_WORK_US, default 90: with node:http's own work,
// about the floor's CPU time per request), for tail.mjs. Whatever tail its latency has under wrk is
// the load's and the machine's, not a route's.
import http from "node:http";

const workMs = Number(process.env.PLAIN_WORK_US ?? 90) / 1000;

const server = http.createServer((req, res) => {
  let bytes = 0;
  req.on("data", (chunk) => {
    bytes += chunk.length;
  });
  req.on("end", () => {
    // A busy wait, not a timer: the work a route would do, holding the event loop as it would.
    const start = performance.now();
    let spins = 0;
    while (performance.now() - start < workMs) spins++;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ bytes, spins: spins > 0 }));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stderr.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
