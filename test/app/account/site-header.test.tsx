import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountShell } from '../../../src/app/account/AccountShell';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import { STORAGE_KEYS } from '../../../src/shared/constants';
import { renderSite } from '../site/render';
import { renderStyled } from '../styles';

/** The header's sign-in entry: "Masuk" signed out, "Akun Saya" with the name signed in (issue 27). */

const nav = () => within(screen.getByRole('navigation', { name: 'Navigasi utama' }));

afterEach(() => localStorage.clear());

describe('the site header', () => {
  it('offers "Masuk" to a visitor who is not signed in', () => {
    renderSite('/');
    expect(nav().getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/login');
    expect(nav().queryByRole('link', { name: /^Akun Saya/ })).toBeNull();
  });

  it('says "Akun Saya" instead of "Masuk" on a public page while signed in', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    renderSite('/');
    expect(await nav().findByRole('link', { name: 'Akun Saya' })).toHaveAttribute('href', '/akun');
    expect(nav().queryByRole('link', { name: 'Masuk' })).toBeNull();
  });

  it('shows who is signed in on the account pages', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    // The account pages come with their query cache (main.tsx): the header's notification bell reads through it.
    renderStyled(
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/akun']}>
          <AccountShell title="Akun Saya" user="Siti Aminah">
            <p>isi</p>
          </AccountShell>
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(await nav().findByRole('link', { name: 'Akun Saya · Siti Aminah' })).toHaveAttribute(
      'href',
      '/akun',
    );
  });
});
