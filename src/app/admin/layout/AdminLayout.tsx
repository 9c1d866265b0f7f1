import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AfterLoading } from '../PanelEntry';
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

/** The panel's frame, drawn after the loading screen (AfterLoading). */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AfterLoading>
      <Layout appBar={AdminAppBar} menu={AdminMenu} sx={fitScreen}>
        {children}
      </Layout>
    </AfterLoading>
  );
}
