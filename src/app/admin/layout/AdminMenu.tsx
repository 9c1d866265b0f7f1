import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentsIcon from '@mui/icons-material/Payments';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Divider } from '@mui/material';
import type { MouseEvent } from 'react';
import { Menu, useBasename, useLogout, useTranslate } from 'react-admin';
import { MESSAGES } from '../../../shared/messages';
import { useTabs } from '../resources';

/** The sidebar: the spec's eight tabs in its order and the audit log, then Dashboard, Keuangan (finance), Settings and Logout. */
export function AdminMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  // Menu.Item links are router paths: the panel's basename (/admin) is not added for us.
  const basename = useBasename();
  const tabs = useTabs();
  return (
    <Box component="nav" aria-label={translate('tm.layout.navigation')}>
      <Menu>
        {tabs.map(({ name, icon: Icon }) => (
          <Menu.Item
            key={name}
            to={`${basename}/${name}`}
            primaryText={translate(`tm.${name}.title`)}
            leftIcon={Icon && <Icon />}
          />
        ))}
        <Divider />
        <Menu.Item
          to={`${basename}/dashboard`}
          primaryText={translate('tm.layout.dashboard')}
          leftIcon={<DashboardIcon />}
        />
        <Menu.Item
          to={`${basename}/finance`}
          primaryText={MESSAGES.finance.menu}
          leftIcon={<PaymentsIcon />}
        />
        <Menu.Item
          to={`${basename}/settings`}
          primaryText={translate('tm.layout.settings')}
          leftIcon={<SettingsIcon />}
        />
        <Menu.Item
          to={`${basename}/login`}
          primaryText={translate('tm.layout.logout')}
          leftIcon={<LogoutIcon />}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            logout();
          }}
        />
      </Menu>
    </Box>
  );
}
