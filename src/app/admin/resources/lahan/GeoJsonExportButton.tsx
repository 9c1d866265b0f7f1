import PublicIcon from '@mui/icons-material/Public';
import { Button, useListContext } from 'react-admin';
import { MESSAGES } from '../../../../shared/messages';
import { datedName, useDownload } from '../../components/download';
import { listQuery } from '../../providers/dataProvider';

const M = MESSAGES.lahanExport;

/** The lahan of the list's current filters and search as a GeoJSON file, for QGIS or an EUDR statement. */
export function GeoJsonExportButton() {
  const { filterValues } = useListContext();
  const { download, busy } = useDownload(M.failed);
  const onClick = () => {
    const query = Object.entries(listQuery({ filter: filterValues })).map(([k, v]) => [k, String(v)]);
    return download(
      `/admin/lahan/export.geojson?${new URLSearchParams(query).toString()}`,
      datedName('lahan', 'geojson'),
    );
  };
  return (
    <Button label={M.button} title={M.buttonLabel} onClick={onClick} disabled={busy}>
      <PublicIcon />
    </Button>
  );
}
