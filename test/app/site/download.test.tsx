import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from './render';

// The machine is shared: give async queries room under load.

const release = (id: number, platform: string, name: string, extra: object = {}) => ({
  id,
  name,
  platform,
  version: '1.2.0',
  size: '32.4 MB',
  downloads: 1234,
  rating: 4.5,
  releaseDate: '2025-01-15',
  description: `Deskripsi ${name}`,
  downloadUrl: platform === 'web' ? '/login' : `https://example.test/${platform}`,
  changelog: ['Baris satu', 'Baris dua', 'Baris tiga'],
  isActive: true,
  ...extra,
});

const RELEASES = [
  release(1, 'android', 'TaniMitra untuk Android'),
  release(2, 'windows', 'TaniMitra untuk Windows', { version: '1.0.3', size: '84.1 MB' }),
  release(3, 'web', 'TaniMitra Web', { downloads: 0, rating: 0 }),
];

describe('download page', () => {
  // The list is a lazy chunk (with react-query): transform it once up front, so a loaded machine spends the
  // first test's wait on the page, not on compiling modules.
  beforeAll(async () => {
    await Promise.all([
      import('../../../src/app/site/ReleaseList'),
      import('../../../src/app/api/queryClient'),
    ]);
  }, 60_000);
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/downloads?limit=100')
        ? new Response(JSON.stringify({ success: true, data: RELEASES }), { status: 200 })
        : new Response(JSON.stringify({ success: true }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every published release with its fields, the first two changelog lines and the right button', async () => {
    renderSite('/download');
    const card = (await screen.findByRole('heading', { name: 'TaniMitra untuk Android' })).closest(
      'article',
    )!;
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('Deskripsi TaniMitra untuk Android')).toBeInTheDocument();
    expect(inCard.getByText('1.2.0')).toBeInTheDocument();
    expect(inCard.getByText('32.4 MB')).toBeInTheDocument();
    expect(inCard.getByText('4,5 / 5')).toBeInTheDocument();
    expect(inCard.getByText('1.234 kali')).toBeInTheDocument();
    expect(inCard.getByText('15 Januari 2025')).toBeInTheDocument();
    expect(inCard.getByText('Baris satu')).toBeInTheDocument();
    expect(inCard.getByText('Baris dua')).toBeInTheDocument();
    expect(inCard.queryByText('Baris tiga')).toBeNull();
    const download = inCard.getByRole('link', { name: /Download Sekarang/ });
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('href', 'https://example.test/android');

    // A release nobody rated or downloaded yet says so, instead of "0 / 5" and "0 kali".
    const webCard = within(screen.getByRole('heading', { name: 'TaniMitra Web' }).closest('article')!);
    expect(webCard.getByText('Belum ada rating')).toBeInTheDocument();
    expect(webCard.getByText('Belum ada unduhan')).toBeInTheDocument();
    expect(webCard.queryByText(/^0/)).toBeNull();

    const web = screen.getByRole('link', { name: 'Buka Web App' });
    expect(web).not.toHaveAttribute('target');
    expect(web).toHaveAttribute('href', '/login');
    // The list is paged (10 rows by default): the page asks for the largest page the API allows.
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/downloads?limit=100', expect.anything());
  });

  it('filters by platform', async () => {
    renderSite('/download');
    await screen.findByRole('heading', { name: 'TaniMitra Web' });
    await userEvent.click(screen.getByRole('button', { name: 'Windows' }));
    expect(screen.getByRole('button', { name: 'Windows' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'TaniMitra untuk Windows' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'TaniMitra untuk Android' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'TaniMitra Web' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Semua Platform' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('counts a download when the button is used', async () => {
    renderSite('/download');
    const link = await screen.findByRole('link', { name: /Download Sekarang: TaniMitra untuk Windows/ });
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/downloads/2/hit',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the system requirements and the help block', () => {
    renderSite('/download');
    expect(screen.getByText('Android 6.0 atau lebih tinggi')).toBeInTheDocument();
    expect(screen.getByText('Windows 10 atau lebih tinggi')).toBeInTheDocument();
    expect(screen.getByText('Chrome 80+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Panduan Instalasi' })).toHaveAttribute(
      'href',
      '/help/troubleshooting',
    );
    expect(screen.getByRole('link', { name: 'Hubungi Support' })).toHaveAttribute('href', '/help/chat');
  });

  it('shows more releases than one default page holds', async () => {
    const many = Array.from({ length: 12 }, (_, i) => release(i + 1, 'android', `Rilis ${i + 1}`));
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            message: 'OK',
            data: many,
            pagination: { page: 1, limit: 100, total: 12, totalPages: 1 },
          }),
          { status: 200 },
        ),
    );
    renderSite('/download');
    await screen.findByRole('heading', { name: 'Rilis 12' });
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  it('says so when the list cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    renderSite('/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('Daftar aplikasi gagal dimuat');
  });
});
