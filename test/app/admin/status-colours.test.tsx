import { screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type RaThemeOptions } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/app/admin/i18n/i18nProvider';
import { ContractStatusChip } from '../../../src/app/admin/resources/contract/ContractStatusChip';
import { LahanStatusBadge } from '../../../src/app/admin/resources/lahan/LahanStatusBadge';
import { adminDarkTheme, adminLightTheme } from '../../../src/app/theme/adminTheme';
import { CONTRACT_STATUSES } from '../../../src/shared/constants';
import { renderStyled } from '../styles';
import { shownColors } from './contrast';
import { testDataProvider } from './support';

/*
 * The spec's colours (docs/spec-notes.md §4) as families of what a chip shows: a filled chip by its
 * background, an outlined one by its text. Hue bands are wide enough for either mode's tone.
 */
type Family = 'green' | 'yellow' | 'blue' | 'red' | 'neutral';

function family([r, g, b]: number[]): Family {
  const [max, min] = [Math.max(r!, g!, b!) / 255, Math.min(r!, g!, b!) / 255];
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  if (saturation < 0.35) return 'neutral';
  const d = max - min;
  const [rr, gg, bb] = [r! / 255, g! / 255, b! / 255];
  const hue = (max === rr ? ((gg - bb) / d) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4) * 60;
  const h = (hue + 360) % 360;
  if (h < 20 || h >= 340) return 'red';
  if (h >= 40 && h < 62) return 'yellow';
  if (h >= 90 && h < 170) return 'green';
  if (h >= 195 && h < 260) return 'blue';
  throw new Error(`no family for hue ${h.toFixed(0)}`);
}

const luminance = (rgb: number[]) =>
  rgb
    .slice(0, 3)
    .map((v) => v / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);

const MODES: [string, RaThemeOptions][] = [
  ['light', adminLightTheme],
  ['dark', adminDarkTheme],
];

function renderIn(theme: RaThemeOptions, children: React.ReactNode) {
  return renderStyled(
    <AdminContext
      i18nProvider={i18nProvider}
      dataProvider={testDataProvider()}
      theme={theme}
      darkTheme={null}
    >
      {children}
    </AdminContext>,
    { allStyles: true },
  );
}

/** What the chip whose label reads `text` shows: its family, whether filled, its text and contrast. */
function chipLook(text: string, theme: RaThemeOptions) {
  const label = screen.getByText(text, { selector: '.MuiChip-label' });
  const chip = label.closest('.MuiChip-root')!;
  const shown = shownColors(label, theme.palette!.background!.paper!);
  const filled = chip.classList.contains('MuiChip-filled');
  return {
    family: family(filled ? shown.background : shown.text),
    filled,
    textLuminance: luminance(shown.text),
    ratio: shown.ratio,
  };
}

describe("The spec's status colours", () => {
  it.each(MODES)(
    'contract: approved and active green; every other status yellow with dark text (%s mode)',
    (_mode, theme) => {
      const others = CONTRACT_STATUSES.filter((s) => s !== 'approved' && s !== 'active');
      renderIn(
        theme,
        <>
          {['approved', ...others, 'draft'].map((status) => (
            <div key={status} data-status={status}>
              <ContractStatusChip status={status} />
            </div>
          ))}
          <ContractStatusChip status="" />
        </>,
      );
      expect(chipLook('Active', theme)).toMatchObject({ family: 'green', filled: true });
      for (const raw of [...others, 'draft', 'Pending']) {
        const look = chipLook(raw, theme);
        expect(look, raw).toMatchObject({ family: 'yellow', filled: true });
        // Dark text on the yellow: near black, and AA.
        expect(look.textLuminance, raw).toBeLessThan(0.05);
        expect(look.ratio, raw).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it.each(MODES)(
    'lahan: each status in its colour, pending yellow with dark text (%s mode)',
    (_mode, theme) => {
      const statuses: [string, string, Family, boolean][] = [
        ['active', 'Aktif', 'green', true],
        ['inactive', 'Tidak Aktif', 'neutral', false],
        ['pending', 'Pending', 'yellow', true],
        ['negotiation', 'Negosiasi', 'blue', false],
        ['completed', 'Selesai', 'neutral', false],
        ['rejected', 'Ditolak', 'red', false],
        ['weird', 'Unknown', 'neutral', false],
      ];
      renderIn(
        theme,
        statuses.map(([status]) => (
          <RecordContextProvider key={status} value={{ id: 1, status }}>
            <LahanStatusBadge />
          </RecordContextProvider>
        )),
      );
      for (const [, label, expected, filled] of statuses) {
        const look = chipLook(label, theme);
        expect(look, label).toMatchObject({ family: expected, filled });
        expect(look.ratio, label).toBeGreaterThanOrEqual(4.5);
      }
      expect(chipLook('Pending', theme).textLuminance).toBeLessThan(0.05);
    },
  );
});
