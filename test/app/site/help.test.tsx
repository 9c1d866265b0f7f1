import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HELP_ARTICLES } from '../../../src/app/site/helpArticles';
import { searchHelp } from '../../../src/app/site/helpSearch';
import { renderSite, scrollTo } from './render';

describe('help centre', () => {
  it('lists the categories, the contact options and the stats', () => {
    renderSite('/help');
    const main = within(screen.getByRole('main'));
    for (const [name, href] of [
      ['Kebijakan Privasi', '/help/privacy-policy'],
      ['Syarat & Ketentuan', '/help/terms'],
      ['Panduan Pendaftaran', '/help/registration-guide'],
      ['Panduan Kontrak', '/help/contract-guide'],
      ['Panduan Monitoring Lahan', '/help/monitoring-guide'],
      ['Pertanyaan Umum', '/help/faq'],
      ['Pemecahan Masalah', '/help/troubleshooting'],
      ['Mulai chat', '/help/chat'],
    ]) {
      expect(main.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(main.getByRole('link', { name: 'support@tanimitra.id' })).toHaveAttribute(
      'href',
      'mailto:support@tanimitra.id',
    );
    expect(main.getByRole('link', { name: '+62 21 5091 2030' }).getAttribute('href')).toMatch(/^tel:/);
    expect(screen.getByText(/dalam waktu 24 jam/)).toBeInTheDocument();
    for (const value of ['50+', '100+', '1000+', '4.8/5'])
      expect(screen.getByText(value)).toBeInTheDocument();
  });

  it('search finds help articles and says when nothing matches', async () => {
    renderSite('/help');
    const box = screen.getByRole('searchbox', { name: 'Cari artikel bantuan' });
    await userEvent.type(box, 'hapus akun{Enter}');
    expect(screen.getByRole('link', { name: 'Pertanyaan yang Sering Diajukan (FAQ)' })).toHaveAttribute(
      'href',
      '/help/faq',
    );
    await userEvent.clear(box);
    await userEvent.type(box, 'zzzqqq{Enter}');
    expect(screen.getByText(/Tidak ada artikel untuk "zzzqqq"/)).toBeInTheDocument();
  });

  it('ranks title matches first and needs every word', () => {
    expect(searchHelp('kontrak')[0]?.path).toBe('/help/contract-guide');
    expect(searchHelp('gps lahan').map((h) => h.path)).toContain('/help/monitoring-guide');
    expect(searchHelp('gps zzz')).toEqual([]);
    expect(searchHelp('   ')).toEqual([]);
  });

  // What people type about signing, offers and deliveries, each with the article that answers it first.
  it.each([
    ['tanda tangan', '/help/tanda-tangan'],
    ['bagaimana cara tanda tangan kontrak?', '/help/tanda-tangan'],
    ['ttd kontrak', '/help/tanda-tangan'],
    ['apakah tanda tangan elektronik sah secara hukum', '/help/tanda-tangan'],
    ['tawar', '/help/penawaran'],
    ['menawar harga', '/help/penawaran'],
    ['nego harga kontraknya', '/help/penawaran'],
    ['kirim', '/help/pengiriman'],
    ['konfirmasi penerimaan panen', '/help/pengiriman'],
    ['cara kirim hasil panen', '/help/pengiriman'],
    ['cek keaslian pdf', '/help/verifikasi-kontrak'],
    ['batalkan kontrak', '/help/pembatalan'],
  ])('search "%s" finds %s first', (query, path) => {
    expect(searchHelp(query)[0]?.path).toBe(path);
  });

  it.each([
    'terms',
    'registration-guide',
    'contract-guide',
    'monitoring-guide',
    'faq',
    'troubleshooting',
    'chat',
    'penawaran',
    'tanda-tangan',
    'pengiriman',
    'verifikasi-kontrak',
    'pembatalan',
  ])('/help/%s is a real page', (slug) => {
    renderSite(`/help/${slug}`);
    expect(screen.queryByText('Halaman Tidak Ditemukan')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });
});

describe('help articles', () => {
  it('each help link of the help centre has an article with substance', () => {
    const slugs = [
      'terms',
      'registration-guide',
      'contract-guide',
      'monitoring-guide',
      'faq',
      'troubleshooting',
      'penawaran',
      'tanda-tangan',
      'pengiriman',
      'verifikasi-kontrak',
      'pembatalan',
    ];
    expect(HELP_ARTICLES.map((a) => a.slug).sort()).toEqual([...slugs].sort());
    for (const article of HELP_ARTICLES) {
      expect(article.sections.length, article.slug).toBeGreaterThanOrEqual(2);
      for (const section of article.sections) {
        const body = [...(section.paragraphs ?? []), ...(section.items ?? [])];
        expect(body.length, `${article.slug}: ${section.heading}`).toBeGreaterThan(0);
        for (const text of body) expect(text.trim().length, text).toBeGreaterThan(20);
      }
      const words = article.sections
        .flatMap((s) => [...(s.paragraphs ?? []), ...(s.items ?? [])])
        .join(' ')
        .split(/\s+/).length;
      expect(words, article.slug).toBeGreaterThan(60);
    }
  });

  it('renders an article with its breadcrumb, sections and a way to reach support', () => {
    renderSite('/help/contract-guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Panduan Kontrak' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Status kontrak' })).toBeInTheDocument();
    // The rule the product enforces: either party before approval, an admin with a reason after.
    expect(
      screen.getByText(/^Dibatalkan — petani atau mitra membatalkan sebelum kontrak disetujui, atau admin/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hubungi tim kami' })).toHaveAttribute('href', '/help/chat');
    expect(document.title).toBe('Panduan Kontrak — TaniMitra');
  });

  it('/help/chat opens a WhatsApp chat with the question typed, or sends it by email', async () => {
    renderSite('/help/chat');
    expect(screen.getByRole('heading', { level: 1, name: 'Hubungi Kami' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'support@tanimitra.id' })).toHaveAttribute(
      'href',
      'mailto:support@tanimitra.id',
    );
    expect(main.getByRole('link', { name: '+62 21 5091 2030' })).toHaveAttribute('href', 'tel:+622150912030');
    expect(screen.getByLabelText('Subjek')).toBeInTheDocument();
    expect(screen.getByLabelText('Pesan')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Kirim lewat Email' })).toBeInTheDocument();
    const chat = () => screen.getByRole('link', { name: 'Chat lewat WhatsApp, tab baru' });
    expect(chat()).toHaveAttribute('target', '_blank');
    expect(new URL(chat().getAttribute('href')!).searchParams.get('text')).toBe(
      'Halo TaniMitra, saya ingin bertanya.',
    );
    await userEvent.type(screen.getByLabelText('Subjek'), 'Tanda tangan');
    await userEvent.type(screen.getByLabelText('Pesan'), 'Kata sandi saya ditolak.');
    const url = new URL(chat().getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/622150912030');
    expect(url.searchParams.get('text')).toBe('Tanda tangan\n\nKata sandi saya ditolak.');
  });
});

describe('privacy policy', () => {
  it('has the 13 sections, the last-updated date and the area data credit', () => {
    renderSite('/help/privacy-policy');
    const headings = screen.getByRole('main').querySelectorAll('section[aria-labelledby] h2');
    expect(headings).toHaveLength(13);
    expect(headings[0]).toHaveTextContent('1. Pendahuluan');
    expect(headings[12]).toHaveTextContent('13. Hukum yang Berlaku dan Penyelesaian Sengketa');
    expect(screen.getByText('Terakhir diperbarui: 20 Januari 2025')).toBeInTheDocument();
    expect(screen.getByText(/Data transaksi: 7 tahun/)).toBeInTheDocument();
    expect(screen.getByText(/tidak ditujukan bagi pengguna di bawah 16 tahun/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'idn-area-data' })).toBeInTheDocument();
    expect(screen.getByText(/© para penulisnya/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Database License \(ODbL\)/ })).toBeInTheDocument();
  });

  it('shows the scroll-to-top button only after more than 300 px', () => {
    renderSite('/help/privacy-policy');
    act(() => scrollTo(300));
    expect(screen.queryByRole('button', { name: 'Kembali ke atas' })).toBeNull();
    act(() => scrollTo(301));
    expect(screen.getByRole('button', { name: 'Kembali ke atas' })).toBeInTheDocument();
    act(() => scrollTo(0));
  });

  it('scroll-to-top goes to the top and moves focus to the title', async () => {
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    try {
      renderSite('/help/privacy-policy');
      act(() => scrollTo(900));
      await userEvent.click(screen.getByRole('button', { name: 'Kembali ke atas' }));
      expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
      expect(screen.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' })).toHaveFocus();
    } finally {
      act(() => scrollTo(0));
      vi.unstubAllGlobals();
    }
  });
});
