/** The part of autocannon 8's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; average: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
