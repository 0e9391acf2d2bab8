// A limit on concurrent tasks per key (a host): the prober's and the probe agent's.
/** Runs `task` when fewer than `limit` tasks of the same key are running. */
export function keyedLimiter(limit: number) {
  const active = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    if ((active.get(key) ?? 0) >= limit) {
      await new Promise<void>((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    }
    active.set(key, (active.get(key) ?? 0) + 1);
    try {
      return await task();
    } finally {
      const left = (active.get(key) ?? 1) - 1;
      if (left) active.set(key, left);
      else active.delete(key);
      const next = waiting.get(key)?.shift();
      if (next) next();
      if (!waiting.get(key)?.length) waiting.delete(key);
    }
  };
}
