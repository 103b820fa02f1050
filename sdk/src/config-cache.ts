/** The client-side cache of the site configuration (spec 9: 60 seconds), sharing one load between callers. */
import { LIMITS } from './constants';
import type { SiteConfig } from './schemas/site';

export interface ConfigCache<T> {
  /** The cached value while it is younger than the time to live, else a fresh load. */
  get(): Promise<T>;
  /** Forgets the cached value; a load in flight is not stored. */
  clear(): void;
}

export interface ConfigCacheOptions {
  now?: () => Date;
  /** Seconds a loaded value stays fresh; spec 9 gives 60. */
  ttlSeconds?: number;
}

/**
 * spec 9: the site configuration is cached client-side for 60 seconds, counted from when a load
 * completes. Concurrent callers share one load in flight; a failed load rejects every caller
 * waiting on it and is not cached, so the next get() tries again.
 * @example const config = createConfigCache(() => api.site.config()); await config.get();
 */
export function createConfigCache<T = SiteConfig>(
  load: () => Promise<T>,
  { now = () => new Date(), ttlSeconds = LIMITS.configCacheSeconds }: ConfigCacheOptions = {},
): ConfigCache<T> {
  let cached: { value: T; loadedAt: number } | null = null;
  let inFlight: Promise<T> | null = null;
  // Bumped by clear(), so a load started before it cannot store its (possibly stale) value.
  let generation = 0;

  return {
    get() {
      if (cached && now().getTime() - cached.loadedAt < ttlSeconds * 1000) return Promise.resolve(cached.value);
      if (inFlight) return inFlight;
      const started = generation;
      const loading: Promise<T> = Promise.resolve()
        .then(load)
        .then((value) => {
          if (started === generation) cached = { value, loadedAt: now().getTime() };
          return value;
        })
        .finally(() => {
          if (inFlight === loading) inFlight = null;
        });
      inFlight = loading;
      return loading;
    },
    clear() {
      cached = null;
      inFlight = null;
      generation += 1;
    },
  };
}
