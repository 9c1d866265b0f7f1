import type { DownloadPlatform } from '../../shared/constants';
import { countDownload, type Release } from './downloads';
import { formatLongDate, formatNumber } from './format';

export const PLATFORM_LABEL: Record<DownloadPlatform, string> = {
  android: 'Android',
  windows: 'Windows',
  web: 'Web',
  ios: 'iOS',
  mac: 'macOS',
  linux: 'Linux',
};

/** One release on /download: its facts, the latest changes and the button that opens or downloads it. */
export function ReleaseCard({ release }: { release: Release }) {
  const web = release.platform === 'web';
  return (
    <article className="card app-card" aria-labelledby={`rilis-${release.id}`}>
      <h3 id={`rilis-${release.id}`} style={{ marginBottom: 0 }}>
        {release.name}
      </h3>
      <p style={{ margin: 0 }}>{release.description}</p>
      <dl>
        <dt>Platform</dt>
        <dd>{PLATFORM_LABEL[release.platform]}</dd>
        <dt>Versi</dt>
        <dd>{release.version}</dd>
        <dt>Ukuran</dt>
        <dd>{release.size}</dd>
        <dt>Rating</dt>
        <dd>
          {release.rating > 0
            ? `${release.rating.toLocaleString('id-ID', { maximumFractionDigits: 1 })} / 5`
            : 'Belum ada rating'}
        </dd>
        <dt>Diunduh</dt>
        <dd>{release.downloads > 0 ? `${formatNumber(release.downloads)} kali` : 'Belum ada unduhan'}</dd>
        <dt>Rilis</dt>
        <dd>{formatLongDate(release.releaseDate)}</dd>
      </dl>
      {release.changelog.length > 0 && (
        <>
          <h4 style={{ margin: '8px 0 0' }}>Yang baru</h4>
          <ul>
            {release.changelog.slice(0, 2).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {web ? (
        <a className="btn btn-primary" href={release.downloadUrl} onClick={() => countDownload(release.id)}>
          Buka Web App
        </a>
      ) : (
        <a
          className="btn btn-primary"
          href={release.downloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => countDownload(release.id)}
        >
          Download Sekarang<span className="visually-hidden">{`: ${release.name}, tab baru`}</span>
        </a>
      )}
    </article>
  );
}
