import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { accountKeys } from '../queries';
import type { Choice } from '../SelectField';

/**
 * The choices `load` answers for `parent` (none while `parent` is empty), with a load failure's message; `kind`
 * names the list in the cache, so each parent's list is read once per page.
 */
export function useChoices(kind: string, load: (parent: string) => Promise<Choice[]>, parent: string) {
  const query = useQuery({
    queryKey: accountKeys.choices(kind, parent),
    queryFn: () => load(parent),
    enabled: Boolean(parent),
  });
  return {
    choices: query.data ?? [],
    error: query.error ? errorMessage(query.error) : undefined,
    loading: Boolean(parent) && query.isPending,
  };
}
