import { AppShell, Container, Overlay } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useCallback } from 'react';
import { FadeOutlet } from '../layout/fade-outlet';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { useLayoutSettings } from '../layout/layout-settings';
import { SideOverlay } from '../layout/side-overlay';
import { Sidebar } from '../layout/sidebar';
import { SkipLink } from '../layout/skip-link';
import classes from '../layout/backend-layout.module.css';

// Mantine's `md` breakpoint is 62em = 992px, the SIDEBAR_CLOSE_BREAKPOINT of the contracts.
const DESKTOP_QUERY = '(min-width: 62em)';
const HEADER_HEIGHT = 60;

const MAIN_ID = 'contenido';

const containerSize = { full: undefined, boxed: 'xl', narrow: 'md' } as const;

/** The backend layout: header, sidebar, side overlay and footer around full-width content. */
function BackendLayout() {
  const [settings, updateSettings] = useLayoutSettings();
  const [sideOverlayOpened, sideOverlay] = useDisclosure(false);
  // Read synchronously so the first paint already has the right sidebar width.
  const isDesktop = useMediaQuery(DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  const mini = settings.sidebarMini && isDesktop;
  const sidebarOpenedMobile = settings.sidebarVisibleMobile && !isDesktop;

  const closeSidebar = useCallback(() => updateSettings({ sidebarVisibleMobile: false }), [updateSettings]);
  useHotkeys([['Escape', () => sidebarOpenedMobile && closeSidebar()]], []);

  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <AppShell
        layout="alt"
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: { base: 288, md: mini ? 80 : 280 },
          breakpoint: 'md',
          collapsed: { mobile: !settings.sidebarVisibleMobile, desktop: !settings.sidebarVisibleDesktop },
        }}
        padding={0}
        className={classes.shell}
      >
        <Header
          fixed={settings.headerFixed}
          sidebarOpenedMobile={sidebarOpenedMobile}
          sidebarVisibleDesktop={settings.sidebarVisibleDesktop}
          sideOverlayOpened={sideOverlayOpened}
          onOpenSidebar={() => updateSettings({ sidebarVisibleMobile: true })}
          onToggleSidebarDesktop={() => updateSettings((current) => ({ sidebarVisibleDesktop: !current.sidebarVisibleDesktop }))}
          onOpenSideOverlay={sideOverlay.open}
        />
        {sidebarOpenedMobile ? (
          <Overlay
            fixed
            zIndex={100}
            backgroundOpacity={0.45}
            blur={1}
            onClick={closeSidebar}
            className={classes.sidebarOverlay}
            data-testid="sidebar-overlay"
            aria-hidden="true"
          />
        ) : null}
        <Sidebar mini={mini} hidden={isDesktop ? !settings.sidebarVisibleDesktop : !sidebarOpenedMobile} onClose={closeSidebar} />
        <SideOverlay opened={sideOverlayOpened} onClose={sideOverlay.close} />

        <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Container
            fluid={settings.mainContent === 'full'}
            size={containerSize[settings.mainContent]}
            className={classes.content}
            px={{ base: 'md', sm: 'lg', lg: 'xl' }}
            py={{ base: 'md', sm: 'lg' }}
          >
            <FadeOutlet />
          </Container>
          <Footer />
        </AppShell.Main>
      </AppShell>
    </>
  );
}

export { BackendLayout as Component };
