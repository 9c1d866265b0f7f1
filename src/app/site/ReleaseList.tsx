import { useQuery } from '@tanstack/react-query';
import { fetchReleases } from './downloads';
import { ReleaseCard } from './ReleaseCard';
import { ReleaseListFrame, ReleasesLoading } from './ReleaseListFrame';

export const RELEASES_KEY = ['downloads', 'releases'] as const;

/** The published releases of `platform` ('all' for every one), read once per visit through react-query. */
export default function ReleaseList({ platform }: { platform: string }) {
  const releases = useQuery({ queryKey: RELEASES_KEY, queryFn: ({ signal }) => fetchReleases(signal) });
  if (releases.isPending) return <ReleasesLoading />;
  if (releases.isError)
    return (
      <ReleaseListFrame
        notice={
          <p className="alert" role="alert">
            Daftar aplikasi gagal dimuat. Periksa koneksi Anda lalu muat ulang halaman.
          </p>
        }
      />
    );
  const shown = releases.data.filter((r) => platform === 'all' || r.platform === platform);
  return (
    <ReleaseListFrame
      notice={shown.length === 0 && <p className="notice">Belum ada aplikasi untuk platform ini.</p>}
    >
      {shown.map((release) => (
        <ReleaseCard key={release.id} release={release} />
      ))}
    </ReleaseListFrame>
  );
}
