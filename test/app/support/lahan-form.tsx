import { render, screen, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { MyLahan } from '../../../src/app/account/api';
import { LahanForm } from '../../../src/app/account/lahan/LahanForm';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import type { BoundaryEditorProps } from '../../../src/app/map/BoundaryEditor';
import { BoundaryEditorContext } from '../../../src/app/map/BoundaryField';
import { serve } from '../api/serve';

/** /akun's lahan form (LahanForm) on its own: a lahan to edit, its requests answered, the form rendered. */

/** A lahan of the petani as the form edits it (10,000 m² of sawah in Krajan, no boundary), `fields` over it. */
export const myLahan = (fields: Partial<MyLahan> = {}): MyLahan => ({
  id: 41,
  nama_lahan: 'Sawah Batas',
  luas_lahan: 10_000,
  address_lahan: 'Dusun Krajan',
  location_id: 3,
  location_name: 'Krajan',
  category_id: 2,
  category_name: 'Sawah',
  url_image: [],
  status: 'active',
  gps: null,
  luas_terukur: null,
  luas_berbeda: false,
  ...fields,
});

type Answer = { status: number; data: unknown };

/**
 * Answers the form's requests: each PUT is kept in `sent` and answered by `answerPut` (which a test may replace;
 * at first an OK with lahan `id`), anything else with an empty list.
 */
export function serveLahanForm(id: number) {
  const served = {
    sent: [] as { method?: string; url?: string; body: unknown }[],
    answerPut: (): Answer => ({ status: 200, data: { success: true, message: 'OK', data: { id } } }),
  };
  serve((config: InternalAxiosRequestConfig) => {
    if (config.method !== 'put') return { status: 200, data: { success: true, message: 'OK', data: [] } };
    served.sent.push({ method: config.method, url: config.url, body: JSON.parse(String(config.data)) });
    return served.answerPut();
  });
  return served;
}

/**
 * Renders the form for `lahan`, its map the real one (Leaflet and Geoman) or `editor` in its place; answers the
 * form's onSaved spy and its boundary region.
 */
export function renderLahanForm(lahan: MyLahan, editor?: (props: BoundaryEditorProps) => ReactNode) {
  const onSaved = vi.fn();
  const form = <LahanForm lahan={lahan} onSaved={onSaved} onCancel={() => {}} />;
  render(
    <QueryProvider client={createQueryClient()}>
      {editor ? <BoundaryEditorContext.Provider value={editor}>{form}</BoundaryEditorContext.Provider> : form}
    </QueryProvider>,
  );
  return { onSaved, boundary: within(screen.getByRole('region', { name: 'Batas lahan di peta' })) };
}
