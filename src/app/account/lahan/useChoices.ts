import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import type { Choice } from '../SelectField';

interface Loaded {
  parent: string;
  choices: Choice[];
  error?: string;
}

/** The choices `load` answers for `parent` (none while `parent` is empty), with a load failure's message. */
export function useChoices(load: (parent: string) => Promise<Choice[]>, parent: string) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!parent) return;
    let live = true;
    load(parent)
      .then((choices) => live && setLoaded({ parent, choices }))
      .catch((err: unknown) => live && setLoaded({ parent, choices: [], error: errorMessage(err) }));
    return () => {
      live = false;
    };
  }, [load, parent]);
  const current = parent && loaded?.parent === parent ? loaded : null;
  return { choices: current?.choices ?? [], error: current?.error, loading: Boolean(parent) && !current };
}
