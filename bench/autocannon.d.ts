// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type THist = { mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type TAutocannonResult = {
    requests: THist & { total: number; sent: number };
    latency: THist & { p97_5: number; p99_9: number };
    throughput: THist;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type TAutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  };
  const autocannon: ((opts: TAutocannonOptions) => Promise<TAutocannonResult>) & {
    track: (instance: unknown, opts?: unknown) => void;
  };
  export default autocannon;
}
