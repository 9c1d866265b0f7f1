import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import type { ListResult } from '../../api/envelope';
import { formatArea } from '../../site/format';
import { FormMessage } from '../FormMessage';
import { OFFERABLE, type LahanFilters, type LahanOffer } from './api';
import { OfferForm } from './OfferForm';
import { contractKeys, useCategories, useLahanSearch, useProvinces } from './queries';
import type { Contract } from './types';
import { DataTable } from '../DataTable';
import { ViewToggle, type ListOrMap } from './ViewToggle';

// Leaflet and the map's code load only when the map is asked for.
const LahanSearchMap = lazy(() => import('./LahanSearchMap'));

const FILTERS: {
  name: keyof Omit<LahanFilters, 'page'>;
  label: string;
  kind: 'province' | 'category' | 'area';
}[] = [
  { name: 'province_id', label: 'Provinsi', kind: 'province' },
  { name: 'category_id', label: 'Kategori lahan', kind: 'category' },
  { name: 'luas_min', label: 'Luas minimum (m²)', kind: 'area' },
  { name: 'luas_max', label: 'Luas maksimum (m²)', kind: 'area' },
];

/** The mitra's search of available lahan (active, of verified petani) and the offer on one of them. */
export function LahanSearch({ onOffered }: { onOffered: (contract: Contract) => void }) {
  const provinces = useProvinces();
  const categories = useCategories('category');
  const choices = { province: provinces.data ?? [], category: categories.data ?? [] };
  const [filters, setFilters] = useState<Omit<LahanFilters, 'page'>>({});
  const [chosen, setChosen] = useState<LahanOffer | null>(null);
  const baseId = useId();
  const client = useQueryClient();

  // The query last submitted (or paged to).
  const [query, setQuery] = useState<LahanFilters>({ page: 1 });
  const search = useLahanSearch(query);
  const result = search.data ?? null;
  // The search's failure while it stands, else the choices'.
  const failed = search.error ?? provinces.error ?? categories.error;
  const error = failed ? errorMessage(failed) : null;

  // After a search the user asked for (not the first list), its count takes the focus: the answer in view.
  // Counted, so that asking again for the same lahan (answered from the cache) still moves the focus.
  const [asked, setAsked] = useState(0);
  const ask = (next: LahanFilters) => {
    setAsked((n) => n + 1);
    setQuery(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...filters, page: 1 };
    // A search asked for is read from the server again, even with the same filters.
    void client.invalidateQueries({ queryKey: contractKeys.lahanSearch(next) });
    ask(next);
  };
  const goTo = (page: number) => ask({ ...query, page });
  const [view, setView] = useState<ListOrMap>('list');
  const { page: _page, ...searched } = query;

  return (
    <section className="card" aria-labelledby={`${baseId}-title`} style={{ padding: 24 }}>
      <h2 id={`${baseId}-title`} style={{ marginTop: 0 }}>
        Cari Lahan
      </h2>
      <p>Lahan aktif milik petani terverifikasi yang dapat Anda ajukan penawaran kontrak.</p>
      <form onSubmit={submit} aria-label="Filter lahan" className="filters">
        {FILTERS.map((f) => {
          const id = `${baseId}-${f.name}`;
          const value = filters[f.name] ?? '';
          const change = (v: string) => setFilters((current) => ({ ...current, [f.name]: v }));
          return (
            <div className="field" key={f.name}>
              <label htmlFor={id}>{f.label}</label>
              {f.kind === 'area' ? (
                <input
                  id={id}
                  type="number"
                  min={0}
                  step="any"
                  value={value}
                  onChange={(e) => change(e.target.value)}
                />
              ) : (
                <select id={id} value={value} onChange={(e) => change(e.target.value)}>
                  <option value="">Semua</option>
                  {choices[f.kind].map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </div>
          );
        })}
        <button type="submit" className="btn btn-primary">
          Cari lahan
        </button>
      </form>
      <FormMessage text={error} />
      <ViewToggle view={view} onChange={setView} label="Tampilan hasil pencarian" />
      {result && (
        <LahanResults
          result={result}
          page={query.page}
          focus={asked}
          onPage={goTo}
          onChoose={setChosen}
          table={view === 'list'}
        />
      )}
      {view === 'map' && (
        <Suspense fallback={<p role="status">Memuat peta…</p>}>
          <LahanSearchMap filters={{ ...searched, ...OFFERABLE }} onChoose={setChosen} />
        </Suspense>
      )}
      {chosen && (
        <OfferForm
          key={chosen.id}
          lahan={chosen}
          onCancel={() => setChosen(null)}
          onDone={(contract) => {
            setChosen(null);
            onOffered(contract);
          }}
        />
      )}
    </section>
  );
}

function LahanResults({
  result,
  page,
  focus,
  onPage,
  onChoose,
  table,
}: {
  result: ListResult<LahanOffer>;
  page: number;
  /** Move the focus to the count when this result arrives or the search is asked again (a count; 0: never). */
  focus: number;
  onPage: (page: number) => void;
  onChoose: (lahan: LahanOffer) => void;
  /** The rows (the list view); without them only the count shows, above the map. */
  table: boolean;
}) {
  const count = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus > 0) count.current?.focus();
  }, [focus, result]);
  if (result.data.length === 0)
    return (
      <p role="status" ref={count} tabIndex={-1}>
        Tidak ada lahan yang cocok dengan filter.
      </p>
    );
  return (
    <>
      <p role="status" ref={count} tabIndex={-1}>
        {result.total} lahan ditemukan.
      </p>
      {table && (
        <>
          <DataTable
            label="Hasil pencarian lahan"
            headers={['Nama lahan', 'Petani', 'Lokasi', 'Kategori', 'Luas', 'Aksi']}
          >
            {result.data.map((l) => (
              <tr key={l.id}>
                <td>{l.nama_lahan}</td>
                <td>{l.petani_nama}</td>
                <td>
                  {[l.location_name, l.district_name, l.province_name].filter(Boolean).join(', ') || '-'}
                </td>
                <td>{l.category_name ?? '-'}</td>
                <td>{formatArea(l.luas_lahan)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`Ajukan penawaran untuk ${l.nama_lahan} milik ${l.petani_nama}`}
                    onClick={() => onChoose(l)}
                  >
                    Ajukan penawaran
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
          {result.totalPages > 1 && (
            <div className="actions">
              <button
                type="button"
                className="btn btn-outline"
                disabled={page <= 1}
                onClick={() => onPage(page - 1)}
              >
                Sebelumnya
              </button>
              <span>
                Halaman {page} dari {result.totalPages}
              </span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={page >= result.totalPages}
                onClick={() => onPage(page + 1)}
              >
                Berikutnya
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/** For ContractsSection's lazy import (a mitra's screen only). */
export default LahanSearch;
