import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PanelEntry } from '../../../src/app/admin/PanelEntry';
import { MESSAGES } from '../../../src/shared/messages';

const login = vi.hoisted(() => vi.fn(async () => ({ redirectTo: false })));
vi.mock('../../../src/app/admin/providers/authProvider', () => ({ authProvider: { login } }));
// The panel (react-admin) stands in as the address it opened on: the login must not need it.
vi.mock('../../../src/app/admin/AdminApp', () => ({
  default: function Panel() {
    return <p>panel at {useLocation().pathname}</p>;
  },
}));

describe('/admin/login before the panel', () => {
  it('signs in from the form alone, then opens the panel after the redirect', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/login']}>
        <Routes>
          <Route path="/admin/*" element={<PanelEntry />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Admin Portal' }, { timeout: 20_000 })).toBeVisible();
    expect(screen.queryByText(/panel at/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@tanimitra.id');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Admin123!');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk sebagai Admin' }));
    expect(await screen.findByText(MESSAGES.adminLoginSuccess)).toBeVisible();
    expect(login).toHaveBeenCalledWith({ email: 'admin@tanimitra.id', password: 'Admin123!' });
    expect(screen.queryByText(/panel at/)).not.toBeInTheDocument();
    expect(await screen.findByText('panel at /admin/', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 40_000);
});
