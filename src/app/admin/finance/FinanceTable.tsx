import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button } from 'react-admin';
import { MESSAGES } from '../../../shared/messages';
import { datedName, useDownload } from '../components/download';
import { useAdminQuery } from '../providers/useAdminQuery';
import type { FinanceList, OutstandingRow, OverdueRow } from './types';

const T = MESSAGES.finance;
const PAGE_SIZES = [10, 25, 50];

const CSV_NAMES: Record<FinanceList, string> = {
  outstanding: 'sisa-tagihan',
  overdue: 'pembayaran-terlambat',
};

/** The list as the server's CSV (every row, not only the page shown). */
function CsvButton({ list, label }: { list: FinanceList; label: string }) {
  const { download, busy } = useDownload(T.downloadFailed);
  const onClick = () => download(`/admin/finance/${list}.csv`, datedName(CSV_NAMES[list], 'csv'));
  return (
    <Button label={T.downloadCsv} title={label} aria-label={label} onClick={onClick} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** One finance list as a titled, paged table with its CSV button. */
export function FinanceTable<T extends OutstandingRow | OverdueRow>({
  list,
  title,
  csvLabel,
  columns,
  rowKey,
}: {
  list: FinanceList;
  title: string;
  csvLabel: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
}) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]!);
  const { data, error } = useAdminQuery(['getFinancePage', list, page, perPage], (dataProvider) =>
    dataProvider.getFinancePage<T>(list, page + 1, perPage),
  );
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="subtitle1" component="h2">
            {title}
          </Typography>
          <CsvButton list={list} label={csvLabel} />
        </Box>
        {error ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : !data ? null : data.data.length === 0 ? (
          <Typography variant="body2">{T.empty}</Typography>
        ) : (
          <>
            {/* Wider than a phone: it scrolls sideways inside its box, which the keyboard can reach. */}
            <TableContainer tabIndex={0} role="group" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                        {c.label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((row) => (
                    <TableRow key={rowKey(row)}>
                      {columns.map((c) => (
                        <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                          {c.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={PAGE_SIZES}
              labelRowsPerPage={T.rowsPerPage}
              labelDisplayedRows={({ from, to, count }) => T.displayedRows(from, to, count)}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPerPage(Number(event.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
