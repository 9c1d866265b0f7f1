import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { MESSAGES } from '../../../../src/shared/messages';
import { renderPanel } from '../support';
import { listOf, testDataProvider } from './support';

const M = MESSAGES.lahanExport;
const rows = listOf([
  { id: 1, nama_lahan: 'Sawah Cibodas', status: 'active', created_at: '2025-01-20T08:00:00Z' },
]);
const filtered = `/lahan?filter=${encodeURIComponent(JSON.stringify({ status: 'active', q: 'sawah' }))}`;

let saved: Blob[] = [];
const savingObjectUrls = () => {
  saved = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:geojson')),
    revokeObjectURL: vi.fn(),
  });
};
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Lahan list: GeoJSON export', () => {
  it("downloads the export of the list's filters and search as a file", async () => {
    savingObjectUrls();
    const file = new Blob(['{"type":"FeatureCollection","features":[]}'], { type: 'application/geo+json' });
    const fetchDocument = vi.fn(async (_url: string) => file);
    renderPanel(filtered, testDataProvider({ getList: rows, fetchDocument }));
    await screen.findByText('Sawah Cibodas');
    await userEvent.click(screen.getByRole('button', { name: M.button }));
    await waitFor(() => expect(saved).toEqual([file]));
    const asked = new URL(fetchDocument.mock.calls[0]![0], 'http://panel');
    expect(asked.pathname).toBe('/admin/lahan/export.geojson');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ status: 'active', q: 'sawah' });
  });

  it('says why when the server refuses, and saves nothing', async () => {
    savingObjectUrls();
    const refusal = M.unknownFilter('pemilik');
    const fetchDocument = vi.fn(async () => {
      throw new HttpError(refusal, 400);
    });
    renderPanel(filtered, testDataProvider({ getList: rows, fetchDocument }));
    await screen.findByText('Sawah Cibodas');
    await userEvent.click(screen.getByRole('button', { name: M.button }));
    expect(await screen.findByText(M.failed(refusal))).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
