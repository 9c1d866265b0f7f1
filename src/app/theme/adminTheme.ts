import type { Components, PaletteOptions, Theme } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { palette } from './palette';

declare module '@mui/material/styles' {
  interface Palette {
    yellow: Palette['primary'];
  }
  interface PaletteOptions {
    yellow?: PaletteOptions['primary'];
  }
}
declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    yellow: true;
  }
}

/**
 * A checkbox's `aria-label` names its input, not the span around it: react-admin's row checkbox
 * (DatagridRow) passes it as a prop, which MUI puts on the span, leaving the input unnamed (Lighthouse:
 * aria-prohibited-attr and label). An `inputProps` label (the select-all box) is kept.
 */
const MuiCheckbox: Components<Theme>['MuiCheckbox'] = {
  defaultProps: {
    slotProps: {
      root: { 'aria-label': undefined },
      input: ({ 'aria-label': label, inputProps }) => ({
        ...inputProps,
        'aria-label': label ?? inputProps?.['aria-label'],
      }),
    },
  },
};

/** react-admin's default theme in TaniMitra's colours, with buttons in sentence case as the texts are written. */
const tanimitra = (base: RaThemeOptions, colors: PaletteOptions): RaThemeOptions => ({
  ...base,
  palette: colors,
  typography: { ...base.typography, button: { textTransform: 'none' } },
  components: { ...base.components, MuiCheckbox },
});

const { dark, light, yellow } = palette;

/** A chip colour of its own (MUI augments only its built-in ones): `dark` is what a clickable chip shows on hover. */
const yellowTone = ({ main, hover, ink }: (typeof yellow)['light' | 'dark']) => ({
  main,
  light: main,
  dark: hover,
  contrastText: ink,
});

export const adminLightTheme = tanimitra(defaultLightTheme, {
  mode: 'light',
  primary: { main: palette.green, dark: palette.greenDark, contrastText: '#fff' },
  secondary: { main: light.neutral, contrastText: '#fff' },
  success: { main: palette.green, dark: palette.greenDark, contrastText: '#fff' },
  warning: { main: light.warning, contrastText: '#fff' },
  yellow: yellowTone(yellow.light),
  info: { main: light.info, contrastText: '#fff' },
  error: { main: palette.danger, contrastText: '#fff' },
  background: { default: palette.bgSoft, paper: '#fff' },
  text: { primary: palette.ink, secondary: palette.muted },
});

export const adminDarkTheme = tanimitra(defaultDarkTheme, {
  mode: 'dark',
  primary: { main: dark.green, contrastText: dark.greenInk },
  secondary: { main: dark.neutral, contrastText: dark.ink },
  success: { main: dark.green, contrastText: dark.greenInk },
  warning: { main: dark.warning, contrastText: dark.ink },
  yellow: yellowTone(yellow.dark),
  info: { main: dark.info, contrastText: dark.ink },
  error: { main: dark.danger, contrastText: dark.dangerInk },
  background: { default: dark.background, paper: dark.paper },
  text: { primary: dark.text },
});

/** What <Admin> (and the tests' panel) take: the light theme, and the dark one behind the app bar's toggle. */
export const adminThemes = { theme: adminLightTheme, darkTheme: adminDarkTheme } as const;
