import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { createContext, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { Button, useRecordContext, useTranslate, type RaRecord } from 'react-admin';

const OpenEditor = createContext<(record: RaRecord | null) => void>(() => undefined);

interface DialogEditingProps {
  /** The form dialog: `record` to edit, none to create. */
  form: ComponentType<{ record?: RaRecord; onClose(): void }>;
  children: ReactNode;
}

/** For lists whose create and edit forms are modals: holds which record (or a new one) is being edited. */
export function DialogEditing({ form: Form, children }: DialogEditingProps) {
  const [editing, setEditing] = useState<RaRecord | null | undefined>(undefined);
  return (
    <OpenEditor.Provider value={setEditing}>
      {children}
      {editing !== undefined && <Form record={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </OpenEditor.Provider>
  );
}

/** 'Add New', opening the create dialog. */
export function AddNewDialogButton() {
  const open = useContext(OpenEditor);
  const translate = useTranslate();
  return (
    <Button label={translate('tm.list.add_new')} onClick={() => open(null)}>
      <AddIcon />
    </Button>
  );
}

/** The row's edit button, opening the edit dialog. */
export function EditDialogButton() {
  const record = useRecordContext();
  const open = useContext(OpenEditor);
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Tooltip title={translate('ra.action.edit')}>
      <IconButton
        size="small"
        color="primary"
        aria-label={translate('ra.action.edit')}
        onClick={(event) => {
          event.stopPropagation();
          open(record);
        }}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
