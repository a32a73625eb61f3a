import { AppShell, Box, Button, CloseButton, Divider, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { type Capability, SIDEBAR_CLOSE_BREAKPOINT, messages } from '@refugio/contracts';
import { IconLogin2, IconLogout } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { useSession } from '../../lib/session';
import { useMenuAccess } from '../../features/users/api/get-user-role';
import classes from './backend-layout.module.css';
import { isNavEntryActive, isSubmenuOpen } from './is-submenu-open';
import { mainNavItems, moreNavGroup, type NavGroupItem, type NavLinkItem } from './nav-items';
import { useSignOutAction } from './use-sign-out-action';

export const SIDEBAR_ID = 'sidebar';

interface SidebarProps {
  /** Icons only (desktop setting). */
  mini: boolean;
  /** Slid out of view: its links must not be reachable with the keyboard or a screen reader. */
  hidden: boolean;
  /** Closes the sidebar on small screens. */
  onClose: () => void;
}

function SidebarLink({ item, mini, pathname }: { item: NavLinkItem; mini: boolean; pathname: string }) {
  const active = isNavEntryActive(pathname, item);
  const Icon = item.icon;
  return (
    <Tooltip label={item.label} position="right" withArrow disabled={!mini}>
      <NavLink
        component={Link}
        to={item.to}
        label={mini ? undefined : item.label}
        aria-label={mini ? item.label : undefined}
        leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        data-mini={mini || undefined}
      />
    </Tooltip>
  );
}

/** A collapsible group; it opens by itself on its own pages (see isSubmenuOpen). */
function SidebarGroup({
  group: all,
  mini,
  pathname,
  allowed,
}: {
  group: NavGroupItem;
  mini: boolean;
  pathname: string;
  allowed: (capability: Capability) => boolean;
}) {
  const group = { ...all, links: all.links.filter((item) => allowed(item.capability)) };
  // A manual toggle applies to the page where it was made; on another page the path decides again.
  const [toggle, setToggle] = useState<{ pathname: string; opened: boolean } | null>(null);
  const openByPath = isSubmenuOpen(pathname, group.activeSubPaths);
  const opened = toggle?.pathname === pathname ? toggle.opened : openByPath;
  const Icon = group.icon;

  if (mini) {
    // A collapsed group would hide its entries entirely in an icon-only bar, so list them flat.
    return (
      <>
        <Divider my="xs" />
        {group.links.map((item) => (
          <SidebarLink key={item.to} item={item} mini pathname={pathname} />
        ))}
      </>
    );
  }

  return (
    <NavLink
      label={group.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
      opened={opened}
      onChange={(next) => setToggle({ pathname, opened: next })}
      className={classes.navLink}
      childrenOffset={28}
      component="button"
      type="button"
      aria-expanded={opened}
    >
      {group.links.map((item) => (
        <SidebarLink key={item.to} item={item} mini={false} pathname={pathname} />
      ))}
    </NavLink>
  );
}

export function Sidebar({ mini, hidden, onClose }: SidebarProps) {
  const { pathname } = useLocation();
  const { data: session } = useSession();
  // Looked up when the sidebar mounts (SPEC 7); the entries mirror the permission table of the contracts.
  const allowed = useMenuAccess(session?.user.id, session?.user.role ?? undefined);
  const signOut = useSignOutAction();
  const items = mainNavItems.filter((item) => allowed(item.capability));
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // When the sidebar slides in over the page (small screens), keyboard focus goes with it. On large
  // screens the close button is not displayed, so focusing it does nothing.
  useEffect(() => {
    if (!hidden) closeButtonRef.current?.focus();
  }, [hidden]);

  // Choosing any link on a narrow screen closes the sidebar (SPEC 2 and 9).
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (link && window.innerWidth < SIDEBAR_CLOSE_BREAKPOINT) onClose();
  };

  return (
    <AppShell.Navbar
      id={SIDEBAR_ID}
      aria-label="Menú principal"
      className={classes.navbar}
      data-mini={mini || undefined}
      inert={hidden}
      onClick={handleClick}
    >
      <AppShell.Section className={classes.brand}>
        <Group justify={mini ? 'center' : 'space-between'} wrap="nowrap" w="100%">
          <Link to="/" className={classes.brandLink}>
            <Logo compact={mini} />
          </Link>
          <Tooltip label="Cerrar menú">
            <CloseButton ref={closeButtonRef} hiddenFrom="md" size="lg" aria-label="Cerrar menú" onClick={onClose} />
          </Tooltip>
        </Group>
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} px="sm" py="md">
        <Stack gap={4}>
          {items.map((item) => (
            <SidebarLink key={item.to} item={item} mini={mini} pathname={pathname} />
          ))}
        </Stack>
        {session ? (
          <Box mt={mini ? 0 : 'lg'}>
            <SidebarGroup group={moreNavGroup} mini={mini} pathname={pathname} allowed={allowed} />
          </Box>
        ) : null}
      </AppShell.Section>

      <AppShell.Section p="sm" className={classes.sidebarFooter}>
        {session ? (
          <Tooltip label={messages.app.signOut} position="right" withArrow disabled={!mini}>
            <Button
              variant="light"
              color="red"
              fullWidth
              justify={mini ? 'center' : 'flex-start'}
              leftSection={mini ? undefined : <IconLogout size={18} aria-hidden="true" />}
              aria-label={mini ? messages.app.signOut : undefined}
              loading={signOut.isPending}
              onClick={signOut.run}
            >
              {mini ? <IconLogout size={18} aria-hidden="true" /> : messages.app.signOut}
            </Button>
          </Tooltip>
        ) : (
          <Button component={Link} to="/login" variant="light" fullWidth leftSection={<IconLogin2 size={18} aria-hidden="true" />}>
            Iniciar sesión
          </Button>
        )}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
