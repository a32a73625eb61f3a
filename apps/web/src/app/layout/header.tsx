import { ActionIcon, AppShell, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { IconLayoutSidebar, IconLayoutSidebarRight, IconLogin2, IconMenu2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { useSession } from '../../lib/session';
import { getLoginPath } from '../../features/auth/lib/get-safe-redirect-path';
import { usePendingWork } from '../../features/dashboard/api/get-pending-work';
import classes from './backend-layout.module.css';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface HeaderProps {
  fixed: boolean;
  sidebarOpenedMobile: boolean;
  sidebarVisibleDesktop: boolean;
  sideOverlayOpened: boolean;
  onOpenSidebar: () => void;
  onToggleSidebarDesktop: () => void;
  onOpenSideOverlay: () => void;
}

export function Header({
  fixed,
  sidebarOpenedMobile,
  sidebarVisibleDesktop,
  sideOverlayOpened,
  onOpenSidebar,
  onToggleSidebarDesktop,
  onOpenSideOverlay,
}: HeaderProps) {
  const { data: session } = useSession();
  const location = useLocation();
  const pendingTotal = usePendingWork({ enabled: !!session }).data?.total ?? 0;
  const overlayLabel = pendingTotal > 0 ? `Abrir panel lateral (${pendingTotal} pendientes)` : 'Abrir panel lateral';

  return (
    // Not fixed: positioned absolutely at the top of the page, so it scrolls away with the content.
    <AppShell.Header className={classes.header} style={fixed ? undefined : { position: 'absolute' }}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Abrir menú">
            <ActionIcon
              hiddenFrom="md"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Abrir menú"
              aria-controls={SIDEBAR_ID}
              aria-expanded={sidebarOpenedMobile}
              onClick={onOpenSidebar}
            >
              <IconMenu2 size={22} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={sidebarVisibleDesktop ? 'Ocultar menú lateral' : 'Mostrar menú lateral'}>
            <ActionIcon
              visibleFrom="md"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={sidebarVisibleDesktop ? 'Ocultar menú lateral' : 'Mostrar menú lateral'}
              aria-controls={SIDEBAR_ID}
              aria-expanded={sidebarVisibleDesktop}
              onClick={onToggleSidebarDesktop}
            >
              <IconLayoutSidebar size={22} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Link to="/" className={classes.headerLogo}>
            <Logo compact size={28} />
          </Link>
        </Group>

        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Panel lateral">
            <Indicator label={pendingTotal > 99 ? '99+' : pendingTotal} size={16} color="red" disabled={pendingTotal === 0} offset={4}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={overlayLabel}
                aria-expanded={sideOverlayOpened}
                onClick={onOpenSideOverlay}
              >
                <IconLayoutSidebarRight size={22} aria-hidden="true" />
              </ActionIcon>
            </Indicator>
          </Tooltip>
          {session ? (
            <UserMenu user={session.user} />
          ) : (
            <Button
              component={Link}
              to={getLoginPath(location.pathname)}
              variant="light"
              size="sm"
              leftSection={<IconLogin2 size={16} aria-hidden="true" />}
            >
              Iniciar sesión
            </Button>
          )}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
