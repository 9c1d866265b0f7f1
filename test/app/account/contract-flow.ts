import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { signIn } from '../../../src/app/account/api';
import { MITRA, PETANI, today, inDays, type TestLahan } from '../support/contract-data';
import { tokenOf, type LiveServer } from '../support/live-server';
import { renderAccountAt } from '../support/account-routes';

/*
 * What the contract screen tests of /akun share: signing in and opening /akun or a contract's screen as a person
 * does, and contracts arranged through the API at the step a test starts from.
 */

export const user = userEvent.setup();
/** Each test takes several screens and round trips; a loaded machine needs more than the default 20 s. */
export const SLOW = 90_000;
/** How long a screen may take to show what the API answered, on a machine shared by many test runs. */
export const ARRIVES = { timeout: 15_000 };

type Account = { email: string; password: string };

/** Signs `account` in and opens /akun at its contract list. */
export async function openAccountAs(account: Account) {
  cleanup();
  localStorage.clear();
  await signIn(account.email, account.password);
  renderAccountAt('/akun');
  return screen.findByRole('heading', { name: 'Kontrak Saya' }, ARRIVES);
}

/** Opens the contract titled `title` from the list and returns its screen (the section named by it, focused). */
export async function openContract(title: string) {
  await user.click(await screen.findByRole('link', { name: `Buka kontrak ${title}` }, ARRIVES));
  const region = await screen.findByRole('region', { name: title }, ARRIVES);
  await waitFor(() => expect(within(region).getByRole('heading', { level: 1, name: title })).toHaveFocus());
  return within(region);
}

export const form = (name: string) => within(screen.getByRole('form', { name }));

/** The demo mitra's offer on `lahan` through the API, starting today (deliveries may be recorded at once). */
export async function offerStartingToday(
  server: LiveServer,
  lahan: TestLahan,
  terms: { title: string; quantity: number; price?: number; prices?: { grade: string; price: number }[] },
) {
  const mitra = await tokenOf(server, MITRA.email, MITRA.password);
  const category = (await server.api('GET', '/contract-category?limit=1', undefined, mitra)).json.data[0];
  const created = await server.api(
    'POST',
    '/contract',
    {
      ...terms,
      contract_category_id: category.id,
      petani_id: lahan.petani_id,
      lahan_id: lahan.id,
      commodity: 'Jagung',
      start_date: today,
      end_date: inDays(90),
    },
    mitra,
  );
  expect(created.status).toBe(201);
  return created.json.data as { id: number; verification_code: string };
}

/** Both demo parties sign version 1 of the contract through the API: it is approved, ready to start. */
export async function signedByBoth(server: LiveServer, contractId: number) {
  for (const account of [MITRA, PETANI]) {
    const token = await tokenOf(server, account.email, account.password);
    const body = { password: account.password, consent: true, terms_version: 1 };
    const signed = await server.api('POST', `/contract/${contractId}/sign`, body, token);
    expect(signed.status).toBe(200);
  }
}
