import { palette } from '../theme/palette';

/** The TaniMitra leaf mark (decorative: the brand name is always written beside it). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={palette.green} />
      <path d="M9 22c0-8 6-13 15-13-1 9-6 14-13 14l-2 3-1-1 2-3z" fill={palette.greenSoft} />
    </svg>
  );
}
