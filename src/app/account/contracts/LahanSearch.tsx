import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import type { ListResult } from '../../api/envelope';
import { formatArea } from '../../site/format';
import { FormMessage } from '../FormMessage';
import {
  fetchCategories,
  fetchProvinces,
  searchLahan,
  type Choice,
  type LahanFilters,
  type LahanOffer,
} from './api';
import { OfferForm } from './OfferForm';
import type { Contract } from './types';
import { DataTable } from '../DataTable';

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
  const [choices, setChoices] = useState<Record<'province' | 'category', Choice[]>>({
    province: [],
    category: [],
  });
  const [filters, setFilters] = useState<Omit<LahanFilters, 'page'>>({});
  const [result, setResult] = useState<ListResult<LahanOffer> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<LahanOffer | null>(null);
  const baseId = useId();

  useEffect(() => {
    Promise.all([fetchProvinces(), fetchCategories('category')]).then(
      ([province, category]) => setChoices({ province, category }),
      (err: unknown) => setError(errorMessage(err)),
    );
  }, []);

  // The query last submitted (or paged to); the effect runs the search whenever it changes.
  const [query, setQuery] = useState<LahanFilters>({ page: 1 });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    searchLahan(query).then(
      (found) => {
        if (!live) return;
        setError(null);
        setResult(found);
      },
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [query, version]);

  // After a search the user asked for (not the first list), its count takes the focus: the answer in view.
  const [asked, setAsked] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(true);
    setQuery({ ...filters, page: 1 });
  };
  const goTo = (page: number) => {
    setAsked(true);
    setQuery({ ...query, page });
  };

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
      {result && (
        <LahanResults result={result} page={query.page} focus={asked} onPage={goTo} onChoose={setChosen} />
      )}
      {chosen && (
        <OfferForm
          key={chosen.id}
          lahan={chosen}
          onCancel={() => setChosen(null)}
          onDone={(contract) => {
            setChosen(null);
            setVersion((v) => v + 1);
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
}: {
  result: ListResult<LahanOffer>;
  page: number;
  /** Move the focus to the count when this result arrives. */
  focus: boolean;
  onPage: (page: number) => void;
  onChoose: (lahan: LahanOffer) => void;
}) {
  const count = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) count.current?.focus();
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
      <DataTable
        label="Hasil pencarian lahan"
        headers={['Nama lahan', 'Petani', 'Lokasi', 'Kategori', 'Luas', 'Aksi']}
      >
        {result.data.map((l) => (
          <tr key={l.id}>
            <td>{l.nama_lahan}</td>
            <td>{l.petani_nama}</td>
            <td>{[l.location_name, l.district_name, l.province_name].filter(Boolean).join(', ') || '-'}</td>
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
  );
}
