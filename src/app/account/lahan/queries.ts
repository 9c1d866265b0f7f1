import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { accountKeys } from '../queries';
import {
  categoryChoices,
  createLahan,
  deleteLahanPhoto,
  fetchLahanPhoto,
  updateLahan,
  uploadLahanPhoto,
  type LahanChanges,
} from './api';

/** One save of the lahan form: the lahan (new without `id`), the uploaded photos taken off and the new ones. */
export interface LahanSave {
  id?: number;
  changes: Partial<LahanChanges>;
  removed: string[];
  added: File[];
}

/**
 * Photos taken off go before the edit (whose url_image no longer lists them), new ones after it. A photo that
 * fails does not stop the save; the answer is what failed, for the message.
 */
async function saveLahan({ id, changes, removed, added }: LahanSave): Promise<string[]> {
  const failures: string[] = [];
  for (const url of removed)
    await deleteLahanPhoto(url).catch((err: unknown) => failures.push(errorMessage(err)));
  const saved = id ? await updateLahan(id, changes) : await createLahan(changes as LahanChanges);
  for (const file of added)
    await uploadLahanPhoto(saved.id, file).catch((err: unknown) =>
      failures.push(`${file.name}: ${errorMessage(err)}`),
    );
  return failures;
}

/** Saves a lahan and, before it resolves, reads "Lahan Saya" again (also after a failure: photos may have gone). */
export function useSaveLahan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLahan,
    onSettled: (_failures, _error, { removed }) => {
      for (const url of removed) client.removeQueries({ queryKey: accountKeys.photo(url) });
      return client.invalidateQueries({ queryKey: accountKeys.lahan });
    },
  });
}

/** An uploaded photo's bytes, read with the session (it has no public address); kept while the page lives. */
export const useLahanPhoto = (url: string | null) =>
  useQuery({
    queryKey: accountKeys.photo(url ?? ''),
    queryFn: () => fetchLahanPhoto(url!),
    enabled: url !== null,
    staleTime: Infinity,
  });

export const useLandCategories = () =>
  useQuery({ queryKey: accountKeys.choices('land-category'), queryFn: categoryChoices });
