import { List, useTranslate, type ListProps } from 'react-admin';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants';
import { ErrorBanner } from './ErrorBanner';
import { Pager } from './Pager';

/**
 * react-admin's List as every panel tab has it: titled `tm.<resource>.title`, ADMIN_PAGE_SIZE rows a page under
 * the panel's Previous/Next pager, no empty page of its own (the rows say 'No … found'), and the error banner
 * with Retry. A prop given replaces its default.
 */
export function PanelList({ resource, ...props }: ListProps & { resource: string }) {
  const translate = useTranslate();
  return (
    <List
      resource={resource}
      title={translate(`tm.${resource}.title`)}
      perPage={ADMIN_PAGE_SIZE}
      pagination={<Pager />}
      empty={false}
      error={<ErrorBanner name={resource} />}
      {...props}
    />
  );
}
