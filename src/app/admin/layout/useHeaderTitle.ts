import { useLocation } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { MESSAGES } from '../../../shared/messages';
import { useTabs } from '../resources';

/** The header text: '<tab> Dashboard' for a tab, Keuangan or Settings, plain 'Dashboard' on the dashboard itself. */
export function useHeaderTitle(): string {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const basename = useBasename();
  const tabs = useTabs();
  const segment =
    pathname
      .slice(pathname.startsWith(basename) ? basename.length : 0)
      .split('/')
      .filter(Boolean)[0] ?? tabs[0]?.name;
  const resource = tabs.find(({ name }) => name === segment);
  const tab = resource
    ? translate(`tm.${resource.name}.title`)
    : segment === 'settings'
      ? translate('tm.layout.settings')
      : segment === 'finance'
        ? MESSAGES.finance.title
        : null;
  return tab ? translate('tm.layout.dashboard_suffix', { label: tab }) : translate('tm.layout.dashboard');
}
