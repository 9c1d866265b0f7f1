import { useDeferredValue, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { PanelLoading } from '../PanelEntry';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';

/**
 * react-admin's layout is `min-width: fit-content`, so a wide table widens the whole page on a phone.
 * Capping every level at the screen lets the table scroll sideways on its own instead.
 */
const fitScreen = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': {
    minWidth: 0,
  },
  // The table scrolls inside its own wrapper. Not the whole list card: the bulk actions toolbar is drawn
  // 48 px above the card (over the list toolbar) and a scrolling card would clip it away.
  '& .RaDatagrid-root .RaDatagrid-tableWrapper': { overflowX: 'auto' },
};

/**
 * The panel's first render (bar, menu and the first screen: hundreds of MUI components) happens when the sign-in
 * check resolves, in an update React renders in one piece, a long task on a slow phone. Deferred, the loading
 * screen stays for that update and the layout follows in a render React slices, yielding to the browser.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const show = useDeferredValue(true, false);
  if (!show) return <PanelLoading />;
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu} sx={fitScreen}>
      {children}
    </Layout>
  );
}
