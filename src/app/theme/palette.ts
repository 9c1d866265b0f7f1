import type { CSSProperties } from 'react';

/**
 * TaniMitra's colours, the one definition the public site and the admin panel share: the site reads them
 * as CSS custom properties (`siteColorVars`), the panel's light and dark themes as MUI palettes
 * (adminTheme.ts). Each tone and the text it carries are at WCAG AA contrast (≥ 4.5:1; the panel's
 * chips are measured by test/app/admin/theme.test.tsx in both modes).
 */
export const palette = {
  green: '#166534',
  greenDark: '#14532d',
  greenSoft: '#dcfce7',
  ink: '#1f2937',
  muted: '#4b5563',
  line: '#e5e7eb',
  bgSoft: '#f6faf7',
  danger: '#b91c1c',
  /** Status tones on white: each carries white text. */
  light: {
    /** Dark amber: outlines and text of a warning (on white 4.9:1). */
    warning: '#a16207',
    info: '#1d4ed8',
    neutral: '#475569',
  },
  /**
   * The spec's yellow of a contract that is not active and of a pending lahan: a yellow chip with dark
   * text in both modes (9.5:1 light, 12.4:1 dark; hover 7.6:1 and 10.7:1).
   */
  yellow: {
    light: { main: '#facc15', hover: '#eab308', ink: '#422006' },
    dark: { main: '#fcd34d', hover: '#fbbf24', ink: '#0f172a' },
  },
  /** The dark panel: pale tones carrying dark text, on a deep green-black. */
  dark: {
    background: '#0b1710',
    paper: '#12221a',
    text: '#e5e7eb',
    green: '#86efac',
    greenInk: '#052e16',
    warning: '#fcd34d',
    info: '#93c5fd',
    danger: '#fca5a5',
    dangerInk: '#450a0a',
    neutral: '#cbd5e1',
    ink: '#0f172a',
  },
} as const;

/** The site's custom properties (src/app/styles/site.css uses `var(--green)` and so on). */
export const siteColorVars = {
  '--green': palette.green,
  '--green-dark': palette.greenDark,
  '--green-soft': palette.greenSoft,
  '--ink': palette.ink,
  '--muted': palette.muted,
  '--line': palette.line,
  '--bg-soft': palette.bgSoft,
  '--danger': palette.danger,
} as CSSProperties;
