/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  function autocannon(options: { url: string; connections?: number; duration?: number; pipelining?: number }): Promise<Result>;
  export default autocannon;
}
