/** The part of autocannon 9's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      connectionRate?: number;
      ignoreCoordinatedOmission?: boolean;
      requests?: Request[];
    }
    interface Histogram {
      p50: number;
      p90: number;
      p99: number;
      max: number;
      average: number;
    }
    interface Result {
      requests: { total: number; average: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      '2xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export default autocannon;
}
