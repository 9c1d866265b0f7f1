import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GradePrice } from '../../../../shared/settlement';
import { rupiah } from './ContractParts';

/** A contract's price per grade in the detail: Mutu | Harga per <unit>. */
export function GradePriceTable({ prices, unit }: { prices?: GradePrice[]; unit?: string }) {
  const translate = useTranslate();
  if (!prices?.length) return null;
  return (
    <Table size="small" aria-label={translate('tm.contract.prices')} sx={{ width: 'auto' }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('tm.contract.column.grade')}</TableCell>
          <TableCell>{translate('tm.contract.price_per', { unit: unit ?? '' })}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {prices.map((p) => (
          <TableRow key={p.grade}>
            <TableCell>{p.grade}</TableCell>
            <TableCell>{rupiah(p.price)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
