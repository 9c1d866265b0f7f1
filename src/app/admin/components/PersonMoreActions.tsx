import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DetailDialog } from './DetailDialog';
import { DocumentFileButton } from './DocumentFileButton';
import { PersonDocuments } from './PersonDocuments';
import { usePersonVerification, type PersonNameField } from './usePersonVerification';

// The menu and its dialogs render in portals, but React bubbles their clicks to the row, which would open
// its detail.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The "more" (⋮) row action of a mitra or petani (docs/spec-notes.md §2): verify or revoke (verifying through
 * the identity documents first), their documents, and a petani's lahan (the lahan list filtered by them).
 */
export function PersonMoreActions({ nameField }: { nameField: PersonNameField }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [documents, setDocuments] = useState(false);
  const verification = usePersonVerification(record, nameField);
  if (!record || !verification) return null;
  const { active, updating, name, toggle, dialog } = verification;
  const close = () => setAnchor(null);
  const then = (action: () => void) => () => {
    close();
    action();
  };
  const lahanOfPetani = `${createPath({ resource: 'lahan', type: 'list' })}?filter=${encodeURIComponent(
    JSON.stringify({ petani_id: Number(record.user_id ?? record.id) }),
  )}`;
  return (
    <span onClick={stop}>
      <IconButton
        size="small"
        aria-label={translate('tm.more.label', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ list: { id: menuId } }}>
        <MenuItem disabled={updating} onClick={then(toggle)}>
          {translate(active ? 'tm.more.unverify' : 'tm.more.verify')}
        </MenuItem>
        <MenuItem onClick={then(() => setDocuments(true))}>{translate('tm.more.documents')}</MenuItem>
        {nameField === 'fullname_petani' && (
          <MenuItem component={Link} to={lahanOfPetani} onClick={close}>
            {translate('tm.more.lahan')}
          </MenuItem>
        )}
      </Menu>
      {documents && (
        <DetailDialog
          title={translate('tm.more.documents_title', { name })}
          onClose={() => setDocuments(false)}
        >
          <PersonDocuments record={record} expanded>
            {nameField === 'fullname_mitra' && (
              <DocumentFileButton url={record.loa_file} label={translate('tm.document.open_loa')} />
            )}
          </PersonDocuments>
        </DetailDialog>
      )}
      {dialog}
    </span>
  );
}
