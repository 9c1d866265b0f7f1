import { useId } from 'react';
import { DEFAULT_PAYMENT_DAYS, MAX_GRADES, type GradePrice } from '../../../shared/settlement';
import { formatRupiah } from '../../site/format';
import { numberOf, type FieldSpec } from './FieldsForm';

/** One row of the editor as typed. */
export interface GradeRow {
  grade: string;
  price: string;
}

/*
 * The editor's rows travel through FieldsForm as one text value (its values are texts): JSON of the rows.
 */
export const gradeRowsText = (rows: GradeRow[]) => JSON.stringify(rows);
const rowsOfText = (text: string | undefined): GradeRow[] => {
  try {
    const rows = JSON.parse(text ?? '') as GradeRow[];
    return Array.isArray(rows) && rows.length > 0 ? rows : [{ grade: 'A', price: '' }];
  } catch {
    return [{ grade: 'A', price: '' }];
  }
};

/** A contract's table as the editor's value (a new offer: one row A). */
export const gradeRowsOf = (prices: GradePrice[] = []) =>
  gradeRowsText(
    prices.length > 0
      ? prices.map((p) => ({ grade: p.grade, price: String(p.price) }))
      : [{ grade: 'A', price: '' }],
  );

/** What the API takes: codes trimmed and upper-cased, prices as numbers (an empty one: the server names its row). */
export const pricesOfRows = (text: string | undefined) =>
  rowsOfText(text).map((r) => ({
    grade: r.grade.trim().toUpperCase(),
    price: numberOf(r.price) as number,
  }));

/** A code not used yet for a new row: the letter after the last row's (A → B), else none. */
function nextGrade(rows: GradeRow[]): string {
  const last = rows.at(-1)?.grade.trim().toUpperCase() ?? '';
  const next = /^[A-Y]$/.test(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : '';
  return rows.some((r) => r.grade.trim().toUpperCase() === next) ? '' : next;
}

/**
 * The price per grade, edited as rows of (Mutu, Harga per <unit>) with add and remove; at least one row, at
 * most MAX_GRADES. The server's messages show under their row (`prices[1].price`) or under the table
 * (`prices`). Three columns that shrink: fits a 390 px screen without sideways scrolling.
 */
export function GradePricesInput({
  value,
  onChange,
  errors,
  unit,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: Record<string, string>;
  unit?: string;
}) {
  const baseId = useId();
  const rows = rowsOfText(value);
  const per = unit?.trim() || 'satuan';
  const set = (next: GradeRow[]) => onChange(gradeRowsText(next));
  const edit = (i: number, part: keyof GradeRow, text: string) =>
    set(rows.map((r, j) => (j === i ? { ...r, [part]: text } : r)));
  const tableError = errors.prices;
  return (
    <fieldset className="grade-prices" aria-describedby={tableError ? `${baseId}-error` : undefined}>
      <legend>Harga per mutu</legend>
      <small className="field-hint">
        Harga mutu pertama menjadi harga kontrak untuk nilai total. Harga dalam rupiah bulat.
      </small>
      <ol className="grade-price-rows">
        {rows.map((row, i) => {
          const at = (part: string) => `prices[${i}]${part}`;
          const gradeError = errors[at('.grade')] ?? errors[at('')];
          const priceError = errors[at('.price')];
          const id = `${baseId}-${i}`;
          const name = row.grade.trim() ? `mutu ${row.grade.trim().toUpperCase()}` : `baris ${i + 1}`;
          return (
            <li key={i} className="grade-price-row">
              <div>
                <label htmlFor={`${id}-grade`}>Mutu</label>
                <input
                  id={`${id}-grade`}
                  value={row.grade}
                  maxLength={8}
                  autoCapitalize="characters"
                  aria-invalid={gradeError ? true : undefined}
                  aria-describedby={gradeError ? `${id}-grade-error` : undefined}
                  onChange={(e) => edit(i, 'grade', e.target.value)}
                />
              </div>
              <div>
                <label htmlFor={`${id}-price`}>Harga per {per} (Rp)</label>
                <input
                  id={`${id}-price`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={row.price}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? `${id}-price-error` : undefined}
                  onChange={(e) => edit(i, 'price', e.target.value)}
                />
              </div>
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`Hapus ${name}`}
                disabled={rows.length === 1}
                onClick={() => set(rows.filter((_, j) => j !== i))}
              >
                Hapus
              </button>
              {gradeError && (
                <small id={`${id}-grade-error`} className="field-error">
                  {gradeError}
                </small>
              )}
              {priceError && (
                <small id={`${id}-price-error`} className="field-error">
                  {priceError}
                </small>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline"
        disabled={rows.length >= MAX_GRADES}
        onClick={() => set([...rows, { grade: nextGrade(rows), price: '' }])}
      >
        Tambah mutu
      </button>
      {tableError && (
        <small id={`${baseId}-error`} className="field-error">
          {tableError}
        </small>
      )}
    </fieldset>
  );
}

/** The offer's and the terms forms' price table, per `unit` (else the unit typed in the form). */
export const gradePricesField = (unit?: string): FieldSpec => ({
  name: 'prices',
  label: 'Harga per mutu',
  render: ({ value, onChange, errors, values }) => (
    <GradePricesInput value={value} onChange={onChange} errors={errors} unit={unit ?? values.unit} />
  ),
});

export const paymentDaysField: FieldSpec = {
  name: 'payment_days',
  label: 'Jangka pembayaran (hari setelah penerimaan dikonfirmasi)',
  type: 'number',
  step: '1',
  required: true,
};
export const DEFAULT_PAYMENT_DAYS_TEXT = String(DEFAULT_PAYMENT_DAYS);

/** A contract's price per grade, read-only: Mutu | Harga per <unit>. */
export function GradePriceTable({ prices, unit }: { prices: GradePrice[]; unit: string }) {
  return (
    <table className="grade-table" aria-label="Harga per mutu">
      <thead>
        <tr>
          <th scope="col">Mutu</th>
          <th scope="col">Harga per {unit}</th>
        </tr>
      </thead>
      <tbody>
        {prices.map((p) => (
          <tr key={p.grade}>
            <td>{p.grade}</td>
            <td>{formatRupiah(p.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
