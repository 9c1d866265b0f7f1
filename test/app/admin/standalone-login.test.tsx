import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PanelEntry } from '../../../src/app/admin/PanelEntry';
import { hasAdminToken } from '../../../src/app/api/session';
import { MESSAGES } from '../../../src/shared/messages';
import { startLiveServer } from '../support/live-server';

startLiveServer();

describe('/admin/login before the panel', () => {
  it('signs in against the API from the form alone, then leaves for the panel after the redirect', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/login']}>
        <Routes>
          <Route path="/admin/login" element={<PanelEntry />} />
          {/* Where the redirect lands; the panel itself (react-admin) is not needed by the login. */}
          <Route path="/admin/" element={<p>panel home</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Admin Portal' }, { timeout: 20_000 })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@tanimitra.id');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Admin123!');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk sebagai Admin' }));
    expect(await screen.findByText(MESSAGES.adminLoginSuccess, {}, { timeout: 10_000 })).toBeVisible();
    expect(hasAdminToken()).toBe(true);
    expect(screen.queryByText('panel home')).not.toBeInTheDocument();
    expect(await screen.findByText('panel home')).toBeInTheDocument();
  }, 60_000);
});
