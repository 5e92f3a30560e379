import { Counter, Histogram, Registry } from "prom-client";

/** Prometheus metrics of one service process (GET /metrics). */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "cartax_http_requests_total",
    help: "HTTP requests by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "cartax_http_request_duration_seconds",
    help: "HTTP request latency by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }
}
