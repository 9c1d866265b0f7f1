import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LahanSearch } from '../../../src/app/account/contracts/LahanSearch';
import { PlotPopup } from '../../../src/app/account/contracts/LahanSearchMap';
import { http } from '../../../src/app/api/client';
import type { PlotFeature, ViewportPlots } from '../../../src/app/map/viewportPlots';
import { renderStyled } from '../styles';

/*
 * The mitra's lahan search on /akun as a list or a map: the map asks for the lahan a mitra may offer on with the
 * search's filters, and a plot's popup shows both areas, the category and the offer.
 */

const LAHAN = {
  id: 7,
  petani_id: 3,
  petani_nama: 'Budi Santoso',
  nama_lahan: 'Sawah Cianjur',
  luas_lahan: 5000,
  location_name: 'Cibodas',
  district_name: 'Cianjur',
  province_name: 'Jawa Barat',
  category_name: 'Padi',
};

const PLOT: PlotFeature = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [107.1, -6.8] },
  properties: {
    id: 7,
    nama_lahan: 'Sawah Cianjur',
    luas_lahan: 5000,
    luas_terukur: 6200,
    luas_berbeda: true,
    status: 'active',
    category_name: 'Padi',
  },
};

const EMPTY: ViewportPlots = { type: 'FeatureCollection', features: [] };

/** The API as the search reads it; every GET /lahan is recorded with its query. */
function fakeApi() {
  const lahanReads: Record<string, unknown>[] = [];
  vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: AxiosRequestConfig) => {
    const params = (config?.params ?? {}) as Record<string, unknown>;
    const ok = (data: unknown, extra = {}) => ({ data: { success: true, data, ...extra } }) as never;
    if (url === '/province') return ok([{ id: 10, province_name: 'Jawa Barat' }]);
    if (url === '/category') return ok([{ id: 2, type_name: 'Padi' }]);
    if (url === '/lahan/7') return ok(LAHAN);
    if (url === '/lahan') {
      lahanReads.push(params);
      if (params.bbox) return ok(EMPTY);
      return ok([LAHAN], { pagination: { total: 1, totalPages: 1, page: 1, limit: 10 } });
    }
    throw new Error(`unexpected GET ${url}`);
  });
  return lahanReads;
}

const renderSearch = () =>
  renderStyled(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LahanSearch onOffered={() => undefined} />
    </QueryClientProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe("the mitra's lahan search as a map", () => {
  it("switches to the map, which asks for the offerable lahan in view with the search's filters", async () => {
    const user = userEvent.setup();
    const reads = fakeApi();
    renderSearch();
    const filters = screen.getByRole('form', { name: 'Filter lahan' });
    await waitFor(() => expect(within(filters).getByLabelText('Provinsi')).toHaveTextContent('Jawa Barat'));
    await user.selectOptions(within(filters).getByLabelText('Provinsi'), 'Jawa Barat');
    await user.click(within(filters).getByRole('button', { name: 'Cari lahan' }));
    expect(await screen.findByRole('region', { name: 'Hasil pencarian lahan' })).toBeInTheDocument();

    const toggle = screen.getByRole('group', { name: 'Tampilan hasil pencarian' });
    expect(within(toggle).getByRole('button', { name: 'Daftar' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(toggle).getByRole('button', { name: 'Peta' }));
    expect(await screen.findByRole('region', { name: 'Peta lahan yang dapat ditawar' })).toBeInTheDocument();
    expect(within(toggle).getByRole('button', { name: 'Peta' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'Hasil pencarian lahan' })).not.toBeInTheDocument();
    expect(screen.getByText('1 lahan ditemukan.')).toBeInTheDocument();

    await waitFor(() => expect(reads.some((r) => r.bbox)).toBe(true));
    expect(reads.find((r) => r.bbox)).toMatchObject({
      province_id: '10',
      status: 'active',
      petani_verified: 'true',
    });
    expect(await screen.findByText('Tidak ada lahan di bagian peta ini.')).toBeInTheDocument();

    await user.click(within(toggle).getByRole('button', { name: 'Daftar' }));
    expect(screen.getByRole('region', { name: 'Hasil pencarian lahan' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Peta lahan yang dapat ditawar' })).not.toBeInTheDocument();
  });

  it("shows a plot's declared and measured area, its category and the offer, which reads the lahan", async () => {
    const user = userEvent.setup();
    fakeApi();
    const onChoose = vi.fn();
    renderStyled(<PlotPopup plot={PLOT} onChoose={onChoose} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      'Luas tercatat': '5.000 m²',
      'Luas terukur (peta)': '6.200 m² — berbeda lebih dari 20 %',
      Kategori: 'Padi',
    });
    await user.click(screen.getByRole('button', { name: 'Ajukan penawaran' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(LAHAN));
  });

  it('says a plot has not been measured when it has no boundary', () => {
    renderStyled(
      <PlotPopup
        plot={{ ...PLOT, properties: { ...PLOT.properties, luas_terukur: null, luas_berbeda: false } }}
        onChoose={() => undefined}
      />,
    );
    expect(screen.getByText('Belum diukur')).toBeInTheDocument();
  });
});
