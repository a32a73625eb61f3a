import { type CSSVariablesResolver, DEFAULT_THEME, type MantineColorsTuple, createTheme } from '@mantine/core';
import { ensureContrast, luminance, mix } from '../lib/contrast';

/*
 * Colours people can read (WCAG 2.2 AA: text 4.5:1, large text and UI parts 3:1), in light and dark, chosen
 * here once rather than fixed screen by screen. A small margin over 4.5 keeps rounding on the right side.
 */
const TEXT_RATIO = 4.6;
const { white, colors } = DEFAULT_THEME;
const gray = colors.gray;
const dark = colors.dark;
/** What text sits on in light: cards and dialogs (white), the page (gray 0), striped or hovered rows (gray 1). */
const lightSurfaces = [white, gray[0], gray[1]];
/** The same in dark: the body (dark 7), the page (dark 8), inputs and menus (dark 6), hovered items (dark 5). */
const darkSurfaces = [dark[7], dark[8], dark[6], dark[5]];

/**
 * Mantine's palette with the shades that carry text made readable, keeping each hue (the brand stays teal):
 * - 8, the filled shade in both schemes (`primaryShade`) and the coloured text in light (`c="red"`, anchors,
 *   outline buttons): white text on it and it on the light surfaces;
 * - 9, the text of light-variant badges and buttons, on their shade 1 background (shade 2 when hovered),
 *   and darker than 8, as filled-hover;
 * - 4, the coloured text in dark, on the dark surfaces.
 */
function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  const shade8 = ensureContrast(palette[8], [white, ...lightSurfaces], TEXT_RATIO, 'darken');
  // 9 stays darker than 8: it is 8's hover shade.
  const shade9Start = luminance(palette[9]) < luminance(shade8) ? palette[9] : mix(shade8, '#000000', 0.12);
  shades[8] = shade8;
  shades[9] = ensureContrast(shade9Start, [palette[1], palette[2], ...lightSurfaces], TEXT_RATIO, 'darken');
  shades[4] = ensureContrast(palette[4], darkSurfaces, TEXT_RATIO, 'lighten');
  return shades as unknown as MantineColorsTuple;
}

/**
 * Secondary text: Mantine paints it gray 6 in light and dark 2 in dark (`c="dimmed"`, input descriptions, a
 * toast's text, calendar weekdays...), 3.3:1 and 4:1 by default. These shades become the lightest that still
 * reach 4.5:1, also on the tinted backgrounds the app puts secondary text on (Mantine's `-light` colours:
 * shade 1 in light, shade 9 darkened by half in dark): highlighted rows (blue), the active menu entry (cyan),
 * success and error notices (teal, red). Every tint would make it nearly as strong as body text in dark.
 */
const tints = Object.entries(colors).filter(([name]) => ['blue', 'cyan', 'teal', 'red'].includes(name));
const secondaryLight = ensureContrast(gray[6], [...lightSurfaces, ...tints.map(([, p]) => p[1])], TEXT_RATIO, 'darken');
const secondaryDark = ensureContrast(dark[2], [...darkSurfaces, ...tints.map(([, p]) => mix(p[9], '#000000', 0.5))], TEXT_RATIO, 'lighten');

function withShade(palette: MantineColorsTuple, index: number, value: string): MantineColorsTuple {
  const shades = [...palette];
  shades[index] = value;
  return shades as unknown as MantineColorsTuple;
}

const readableColors = Object.fromEntries(
  Object.entries(colors).map(([name, palette]) => {
    // `dark` is the dark scheme's surfaces, not a text colour: only its secondary-text shade changes.
    if (name === 'dark') return [name, withShade(palette, 2, secondaryDark)];
    const readable = readablePalette(palette);
    return [name, name === 'gray' ? withShade(readable, 6, secondaryLight) : readable];
  }),
);

/** Placeholders (gray 5 and dark 3 by default) read like secondary text; errors use the readable red. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

// System fonts only: the CSP (font-src 'self' data:) rules out font CDNs, and they load instantly.
export const theme = createTheme({
  colors: readableColors,
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 8 },
  // With `autoContrast` (avatars in a person's own colour), black or white text, whichever reads better:
  // 0.179 is the luminance where both give the same contrast.
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  respectReducedMotion: true,
  // Plain objects, not `Modal.extend(...)`: naming a component here must not pull its code into /login.
  components: {
    // A dialog or drawer title bar is not the page's banner: one banner landmark, the app header.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Every close and clear button has a name, including the ones a screen forgets to label.
    ModalCloseButton: { defaultProps: { 'aria-label': 'Cerrar diálogo' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Cerrar panel' } },
    // 28 px, not Mantine's 22 px for a small input: a target of at least 24 px (WCAG 2.2, 2.5.8).
    InputClearButton: { defaultProps: { 'aria-label': 'Borrar', size: 'md' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } },
    // Every calendar of the date pickers: its arrows and level buttons say what they do.
    Calendar: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Mes anterior',
          nextMonth: 'Mes siguiente',
          previousYear: 'Año anterior',
          nextYear: 'Año siguiente',
          previousDecade: 'Década anterior',
          nextDecade: 'Década siguiente',
          // The level buttons keep their visible text as their name ("noviembre 2026"): a label of its own
          // would hide those words from speech input (WCAG 2.5.3).
        },
      },
    },
    // The focus placeholder is a role="presentation" child of role="menu", which ARIA does not allow; without
    // it the first item takes the focus when a menu opens, as the ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A tooltip (an icon-only action's visible label) also opens on focus and on a touch screen.
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: true } } },
  },
});
