import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded screen inside the client app's react-query cache (./queryClient). react-query is loaded
 * together with the screen, in parallel, so the prerendered public pages, which read nothing, do not carry it.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ QueryProvider }, { default: Screen }] = await Promise.all([import('./queryClient'), load()]);
    return {
      default: (props: P) => (
        <QueryProvider>
          <Screen {...props} />
        </QueryProvider>
      ),
    };
  });
}
