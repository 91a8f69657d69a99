import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A component React loads on first render, whose chunk can also be fetched earlier (hover, focus). */
export type Prefetchable<P> = LazyExoticComponent<ComponentType<P>> & { prefetch: () => Promise<unknown> };

/**
 * React.lazy over a loader that gives the component itself (a feature's index.ts exports loaders, so the
 * feature's files stay behind its index). `prefetch()` starts the download once; a failed download is
 * forgotten, so the next hover or render tries again.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): Prefetchable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const prefetch = () => {
    loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(prefetch), { prefetch });
}
