import { Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { NavLink } from 'react-router';

/*
 * The tabs of "Socios y donativos" (DESIGN section 15). Shared, not a feature's: the screens behind them live in
 * several features (donations: Cuotas, Donativos, Modelo 182; the SEPA batches; the statement import), and a feature
 * never imports another. Each screen starts with `<MoneyPageHeader section="…" />` (or `<MoneyTabs />` alone).
 */

/** The screens of "Socios y donativos", in order; each is its own address (links, not in-page tabs). */
export const moneyTabs = [
  { label: 'Cuotas', to: '/donativos', end: true },
  { label: 'Donativos', to: '/donativos/recibidos', end: false },
  { label: 'Remesas', to: '/donativos/remesas', end: false },
  { label: 'Importar extracto', to: '/donativos/importar', end: false },
  { label: 'Modelo 182', to: '/donativos/modelo-182', end: false },
] as const;

/**
 * The tabs of "Socios y donativos" as a navigation of links: the current one is marked (`aria-current="page"`, set by
 * NavLink) and filled. On a phone the row scrolls sideways instead of wrapping.
 */
export function MoneyTabs() {
  return (
    <nav aria-label="Secciones de socios y donativos">
      <ScrollArea type="never" offsetScrollbars={false}>
        <Group gap="xs" wrap="nowrap">
          {moneyTabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.end} style={{ textDecoration: 'none' }}>
              {({ isActive }) => (
                <Button component="span" variant={isActive ? 'filled' : 'default'} size="sm">
                  {tab.label}
                </Button>
              )}
            </NavLink>
          ))}
        </Group>
      </ScrollArea>
    </nav>
  );
}

/** The head of every "Socios y donativos" screen: its title, the section shown and the tabs. */
export function MoneyPageHeader({ section, description }: { section: string; description?: string }) {
  return (
    <Stack gap="sm">
      <title>{`${section} · Socios y donativos · Refugio Admin`}</title>
      <div>
        <Title order={1} fz="h2">
          Socios y donativos
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </div>
      <MoneyTabs />
    </Stack>
  );
}
