import { render, screen } from '@testing-library/react';
import { QueryObserver } from '@tanstack/react-query';
import { Suspense } from 'react';
import { localStorageStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createPanelQueryClient } from '../../../src/app/admin/providers/queryClient';
import { remembered, useArrived } from '../../../src/app/admin/remembered';
import { mapChosen } from '../../../src/app/admin/resources/lahan/mapViewLoader';
import { lazyScreen } from '../../../src/app/admin/resources/lazyScreen';

/*
 * A first screen whose chunk arrived while the panel loaded is drawn at once, not through a Suspense boundary
 * (src/app/admin/remembered.ts: React would hold it back up to 300 ms after the loading screen), and the lahan tab's
 * map is started at boot when the panel's store says the tab opens on it.
 */

const Hello = () => <p>the screen</p>;
const drawn = (Screen: () => React.ReactNode) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('draws a remembered screen that has arrived in the first render, without its fallback', async () => {
    const load = remembered(async () => ({ Hello }));
    await load();
    drawn(lazyScreen(load, 'Hello'));
    expect(screen.getByText('the screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('shows the fallback until a screen not yet arrived is there', async () => {
    drawn(
      lazyScreen(
        remembered(async () => ({ Hello })),
        'Hello',
      ),
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the screen')).toBeInTheDocument();
  });

  it('takes a plain loader as before', async () => {
    drawn(lazyScreen(async () => ({ Hello }), 'Hello'));
    expect(await screen.findByText('the screen')).toBeInTheDocument();
  });
});

describe('useArrived', () => {
  function Arrived({ load }: { load: ReturnType<typeof remembered<{ Hello: () => React.ReactNode }>> }) {
    const arrived = useArrived(load);
    return arrived ? <arrived.Hello /> : <p>loading</p>;
  }

  it('is undefined until the module arrives, then draws it; at once when it has already', async () => {
    let calls = 0;
    const load = remembered(async () => (calls++, { Hello }));
    const first = drawn(() => <Arrived load={load} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    first.unmount();
    drawn(() => <Arrived load={load} />);
    expect(screen.getByText('the screen')).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});

describe("the panel's query client", () => {
  it('does not ask the sign-in check again for each screen that mounts; other reads it does', async () => {
    const client = createPanelQueryClient();
    const asked = { auth: 0, list: 0 };
    /** A screen watching `queryKey` mounts, its read settles, and it goes; twice. */
    const mountTwice = async (queryKey: string[], count: () => void) => {
      for (const _ of [1, 2]) {
        const observer = new QueryObserver(client, { queryKey, queryFn: async () => (count(), true) });
        const stop = observer.subscribe(() => {});
        await new Promise((resolve) => setTimeout(resolve));
        stop();
      }
    };
    await mountTwice(['auth', 'checkAuth'], () => asked.auth++);
    await mountTwice(['lahan', 'getList'], () => asked.list++);
    expect(asked).toEqual({ auth: 1, list: 2 });
  });
});

describe('mapChosen', () => {
  it("reads the lahan tab's choice where react-admin's store keeps it", () => {
    const store = localStorageStore();
    store.setup();
    expect(mapChosen()).toBe(false);
    store.setItem('lahan.view', 'map');
    expect(mapChosen()).toBe(true);
    store.setItem('lahan.view', 'list');
    expect(mapChosen()).toBe(false);
    store.teardown();
    localStorage.clear();
  });

  it('is the list when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(mapChosen(refusing)).toBe(false);
  });
});
