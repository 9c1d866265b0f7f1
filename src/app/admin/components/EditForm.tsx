import { SimpleForm, type SimpleFormProps } from 'react-admin';

// A module constant: react-admin resets the form whenever this object changes identity.
const KEEP_DIRTY_VALUES = { keepDirtyValues: true } as const;

/**
 * The create/edit form of the resource pages. The record shown first may come from the list's cache
 * and is refetched as the page opens; a refetch that brings changes resets the form, and without
 * `keepDirtyValues` that would wipe what the admin has already typed.
 */
export function EditForm(props: SimpleFormProps) {
  return <SimpleForm resetOptions={KEEP_DIRTY_VALUES} {...props} />;
}
