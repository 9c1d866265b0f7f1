import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { formatDate, formatDateTime, formatNumber, formatRupiah } from '../../../../shared/format-id';
import { contractStatusLabel } from '../../../../shared/contract-lifecycle';
import { gradePricesLine } from '../../../../shared/grade-prices';
import { DELIVERY_STATUS_LABEL, type DeliveryStatus } from '../../../../shared/settlement';
import { DocumentImage } from '../../components/DocumentImage';
import { DetailSection } from '../../components/PersonDetail';
import type { ContractPart } from '../../providers/dataProvider';
import { useAdminQuery } from '../../providers/useAdminQuery';
import { ResolveDeliveryButton } from './ResolveDeliveryButton';

type Translate = ReturnType<typeof useTranslate>;

/** An amount in rupiah ('Rp 12.500.000'), nothing when absent. */
export const rupiah = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : formatRupiah(value as number);

/** A moment in Jakarta time ('12 Maret 2026 pukul 14.05 WIB'), nothing when absent. */
const moment = (value: unknown) => (value ? formatDateTime(value as string) : null);

interface Column {
  /** Under `tm.contract.column`. */
  label: string;
  value(row: RaRecord): ReactNode;
}

const roleLabel = (translate: Translate, role: unknown) =>
  role === 'system' ? translate('tm.contract.system') : translate(`tm.roles.${String(role)}`);

/** A document hash in full (it is what a reader compares), small and breakable. */
const Hash = ({ value }: { value: unknown }) => (
  <Box component="code" sx={{ fontSize: '0.75rem', wordBreak: 'break-all' }}>
    {String(value ?? '-')}
  </Box>
);

/** The columns of each read, in the order of the detail. */
function partColumns(translate: Translate, record: RaRecord): Record<ContractPart, Column[]> {
  const amount = (quantity: unknown) =>
    `${formatNumber(Number(quantity))} ${String(record.unit ?? '')}`.trim();
  return {
    events: [
      { label: 'time', value: (row) => moment(row.created_at) },
      { label: 'action', value: (row) => translate(`tm.contract.action.${row.action}`, { _: row.action }) },
      {
        label: 'actor',
        value: (row) =>
          [row.actor_name, `(${roleLabel(translate, row.actor_role)})`].filter(Boolean).join(' '),
      },
      {
        label: 'change',
        value: (row) =>
          row.from_status === row.to_status
            ? contractStatusLabel(row.to_status)
            : `${contractStatusLabel(row.from_status)} → ${contractStatusLabel(row.to_status)}`,
      },
      { label: 'version', value: (row) => row.terms_version },
      { label: 'note', value: (row) => row.note },
    ],
    terms: [
      { label: 'version', value: (row) => row.version },
      { label: 'prices', value: (row) => gradePricesLine(row.prices ?? []) },
      { label: 'payment_days', value: (row) => row.payment_days },
      { label: 'quantity', value: (row) => `${formatNumber(Number(row.quantity))} ${row.unit}` },
      { label: 'total', value: (row) => rupiah(row.total_value) },
      {
        label: 'period',
        value: (row) => `${formatDate(row.start_date)} – ${formatDate(row.end_date)}`,
      },
      { label: 'delivery_terms', value: (row) => row.delivery_terms },
      { label: 'proposed_by', value: (row) => roleLabel(translate, row.proposed_role) },
      { label: 'note', value: (row) => row.note },
      { label: 'hash', value: (row) => <Hash value={row.document_sha256} /> },
      { label: 'time', value: (row) => moment(row.created_at) },
    ],
    signatures: [
      { label: 'party', value: (row) => roleLabel(translate, row.signer_role) },
      { label: 'name', value: (row) => row.signer_name },
      { label: 'time', value: (row) => moment(row.signed_at) },
      { label: 'version', value: (row) => row.terms_version },
      { label: 'hash', value: (row) => <Hash value={row.document_sha256} /> },
      { label: 'ip', value: (row) => row.ip },
      { label: 'user_agent', value: (row) => row.user_agent },
      {
        label: 'validity',
        value: (row) =>
          row.voided_at
            ? translate('tm.contract.voided', { date: moment(row.voided_at) })
            : translate('tm.contract.valid'),
      },
    ],
    deliveries: [
      { label: 'lot', value: (row) => <Hash value={row.lot_code} /> },
      { label: 'date', value: (row) => formatDate(row.date) },
      {
        label: 'quantity',
        value: (row) =>
          translate('tm.contract.weighed', {
            accepted: amount(row.accepted_quantity),
            rejected: amount(row.rejected_quantity),
            gross: amount(row.gross_quantity),
          }),
      },
      { label: 'rejection_reason', value: (row) => row.rejection_reason },
      { label: 'grade', value: (row) => row.grade },
      { label: 'value', value: (row) => rupiah(row.value) },
      {
        label: 'status',
        value: (row) => DELIVERY_STATUS_LABEL[row.status as DeliveryStatus] ?? row.status,
      },
      { label: 'dispute', value: (row) => row.dispute_reason },
      { label: 'resolution', value: (row) => row.resolution_note },
      {
        label: 'confirmed',
        value: (row) => (row.confirmed_at ? moment(row.confirmed_at) : translate('tm.contract.unconfirmed')),
      },
      {
        label: 'photo',
        value: (row) =>
          row.photo_document_id ? (
            <DocumentImage
              url={`/documents/${row.photo_document_id}`}
              alt={translate('tm.contract.column.photo')}
              size={64}
            />
          ) : null,
      },
      { label: 'resolve', value: (row) => <ResolveDeliveryButton contract={record} delivery={row} /> },
    ],
  };
}

/** One read of the contract (GET /contract/{id}/<part>) as a titled table. */
function PartTable({ id, part, columns }: { id: Identifier; part: ContractPart; columns: Column[] }) {
  const translate = useTranslate();
  const { data, error } = useAdminQuery(['getContractPart', id, part], (dataProvider) =>
    dataProvider.getContractPart(id, part),
  );
  let content: ReactNode;
  if (error)
    content = (
      <Typography variant="body2" color="error">
        {translate('tm.contract.part_failed', { message: error.message })}
      </Typography>
    );
  else if (!data) content = <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  else if (data.length === 0)
    content = <Typography variant="body2">{translate('tm.contract.part_empty')}</Typography>;
  else
    content = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map(({ label }) => (
                <TableCell key={label}>{translate(`tm.contract.column.${label}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => (
              <TableRow key={String(row.id ?? row.version)}>
                {columns.map(({ label, value }) => (
                  <TableCell key={label}>{value(row) ?? '-'}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  return <DetailSection title={translate(`tm.contract.${part}`)}>{content}</DetailSection>;
}

/** The timeline, the versions of the terms, the signatures and the deliveries of a contract. */
export function ContractParts({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const columns = partColumns(translate, record);
  return (
    <>
      {(Object.keys(columns) as ContractPart[]).map((part) => (
        <PartTable key={part} id={record.id} part={part} columns={columns[part]} />
      ))}
    </>
  );
}
