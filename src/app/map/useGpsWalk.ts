import { useCallback, useEffect, useRef, useState } from 'react';
import type { LonLat } from './geo';
import { addFix, walkStep, type Fix } from './gpsWalk';

export type WalkStatus = 'idle' | 'starting' | 'walking' | 'denied' | 'unavailable' | 'unsupported';

export interface WalkState {
  status: WalkStatus;
  /** Corners recorded so far, in walking order. */
  corners: LonLat[];
  /** The latest fix, recorded or not (its accuracy is shown). */
  fix?: Fix;
  /** Whether the latest fix was left out for its accuracy, or because the boundary is full. */
  skipped?: 'poor' | 'full';
}

const IDLE: WalkState = { status: 'idle', corners: [] };

/** Walking the boundary with navigator.geolocation.watchPosition; `finish` stops and gives the corners. */
export function useGpsWalk() {
  const [state, setState] = useState<WalkState>(IDLE);
  const watch = useRef<{ geolocation: Geolocation; id: number } | null>(null);

  const stop = useCallback(() => {
    watch.current?.geolocation.clearWatch(watch.current.id);
    watch.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      return setState({ status: 'unsupported', corners: [] });
    }
    setState({ status: 'starting', corners: [] });
    const { geolocation } = navigator;
    const id = geolocation.watchPosition(
      ({ coords }) => {
        const fix: Fix = { position: [coords.longitude, coords.latitude], accuracy: coords.accuracy };
        setState((s) => {
          const step = walkStep(s.corners, fix);
          return {
            status: 'walking',
            corners: addFix(s.corners, fix),
            fix,
            skipped: step === 'poor' || step === 'full' ? step : undefined,
          };
        });
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          stop();
          setState({ status: 'denied', corners: [] });
        } else {
          // No fix for a while (indoors, GPS off): say so, and keep listening; the corners stay.
          setState((s) => ({ ...s, status: 'unavailable' }));
        }
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 },
    );
    watch.current = { geolocation, id };
  }, [stop]);

  const finish = useCallback((): LonLat[] => {
    stop();
    const { corners } = state;
    setState(IDLE);
    return corners;
  }, [state, stop]);

  const cancel = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);

  const active = state.status === 'starting' || state.status === 'walking' || state.status === 'unavailable';
  return { ...state, start, finish, cancel, active };
}
