import PublicIcon from '@mui/icons-material/Public';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { MESSAGES } from '../../../../shared/messages';
import { saveAs } from '../../components/DocumentFileButton';
import { listQuery, useAdminDataProvider } from '../../providers/dataProvider';

const M = MESSAGES.lahanExport;

/** The lahan of the list's current filters and search as a GeoJSON file, for QGIS or an EUDR statement. */
export function GeoJsonExportButton() {
  const { filterValues } = useListContext();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = Object.entries(listQuery({ filter: filterValues })).map(([k, v]) => [k, String(v)]);
      const blob = await dataProvider.fetchDocument(
        `/admin/lahan/export.geojson?${new URLSearchParams(query).toString()}`,
      );
      const objectUrl = URL.createObjectURL(blob);
      saveAs(objectUrl, `tanimitra-lahan-${new Date().toISOString().slice(0, 10)}.geojson`);
      // The download has started from the click; the next task may let the blob go.
      setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
    } catch (error) {
      notify(M.failed(error instanceof Error ? error.message : String(error)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={M.button} title={M.buttonLabel} onClick={download} disabled={busy}>
      <PublicIcon />
    </Button>
  );
}
