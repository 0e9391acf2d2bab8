// The part of autocannon 8's API the benches use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    };
    type Result = { duration: number; errors: number; timeouts: number; non2xx: number };
    type Instance = EventEmitter & PromiseLike<Result> & { stop: () => void };
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
