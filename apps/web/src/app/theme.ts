import { createTheme } from '@mantine/core';

// System fonts only: the CSP (font-src 'self' data:) rules out font CDNs, and they load instantly.
export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  respectReducedMotion: true,
});
