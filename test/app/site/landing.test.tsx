import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSite, scrollTo } from './render';

describe('landing page', () => {
  afterEach(() => scrollTo(0));

  it('has the anchored sections, the hero buttons and the call to action', () => {
    const { container } = renderSite('/');
    for (const id of ['beranda', 'tentang', 'layanan', 'artikel']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    const hero = within(container.querySelector<HTMLElement>('section#beranda')!);
    expect(hero.getByRole('link', { name: 'Download Aplikasi' })).toHaveAttribute('href', '/download');
    expect(hero.getByRole('link', { name: 'Pelajari Lebih Lanjut' })).toHaveAttribute('href', '#tentang');
    expect(screen.getByRole('link', { name: 'Hubungi Tim Kami' })).toHaveAttribute('href', '/help/chat');
    expect(screen.getByText('500+')).toBeInTheDocument();
    expect(screen.getByText('100+')).toBeInTheDocument();
    expect(screen.getByText('1000+')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monitoring Lahan dengan GPS' })).toBeInTheDocument();
    expect(document.title).toBe('TaniMitra — Kontrak Digital Petani dan Mitra');
  });

  it('draws each service icon as SVG, not as an emoji a phone may show as an empty box', () => {
    const { container } = renderSite('/');
    const cards = container.querySelectorAll('section#layanan li.card');
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      expect(card.querySelector('.icon[aria-hidden="true"] > svg path')).not.toBeNull();
      expect(card.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('shows the top bar links and footer groups leading to real pages', () => {
    renderSite('/');
    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });
    for (const [name, href] of [
      ['Beranda', '/#beranda'],
      ['Tentang Kami', '/#tentang'],
      ['Layanan', '/#layanan'],
      ['Blog & Artikel', '/#artikel'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const group of ['Perusahaan', 'Layanan', 'Legal']) {
      const links = within(screen.getByRole('navigation', { name: group })).getAllByRole('link');
      expect(links.length).toBeGreaterThan(1);
      for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/(#|download|help)/);
    }
  });

  it('turns the bar translucent only after more than 50 px of scroll', () => {
    renderSite('/');
    const header = screen.getByRole('banner');
    act(() => scrollTo(50));
    expect(header).not.toHaveClass('scrolled');
    act(() => scrollTo(51));
    expect(header).toHaveClass('scrolled');
    act(() => scrollTo(0));
    expect(header).not.toHaveClass('scrolled');
  });

  it('opens and closes the mobile menu', async () => {
    renderSite('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Tutup menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('site-nav')).toHaveClass('open');
    await userEvent.click(screen.getByRole('link', { name: 'Layanan' }));
    expect(document.getElementById('site-nav')).not.toHaveClass('open');
  });

  it('shows a friendly 404 for an unknown route', () => {
    renderSite('/tidak-ada');
    expect(screen.getByRole('heading', { name: 'Halaman Tidak Ditemukan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Halaman Tidak Ditemukan — TaniMitra');
  });

  it('takes /privacy to the privacy policy inside the app too', () => {
    renderSite('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' })).toBeInTheDocument();
  });
});
