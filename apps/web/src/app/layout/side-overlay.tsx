import { Button, Divider, Drawer, SegmentedControl, Stack, Switch, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { defaultLayoutSettings, type LayoutSettings } from '@refugio/contracts';
import { PendingWorkList } from '../../features/dashboard/components/pending-work-list';
import { useSession } from '../../lib/session';
import { useLayoutSettings } from './layout-settings';

const contentWidthOptions: { value: LayoutSettings['mainContent']; label: string }[] = [
  { value: 'full', label: 'Completo' },
  { value: 'boxed', label: 'Encuadrado' },
  { value: 'narrow', label: 'Estrecho' },
];

const colorSchemeOptions: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Claro' },
  { value: 'dark', label: 'Oscuro' },
  { value: 'auto', label: 'Sistema' },
];

function isContentWidth(value: string): value is LayoutSettings['mainContent'] {
  return contentWidthOptions.some((option) => option.value === value);
}

function isColorScheme(value: string): value is MantineColorScheme {
  return colorSchemeOptions.some((option) => option.value === value);
}

/** Work waiting for the team: new requests, registrations to review and today's publications. */
function PendingSection({ onNavigate }: { onNavigate: () => void }) {
  const { data: session } = useSession();
  return (
    <Stack gap="sm" component="section" aria-labelledby="side-overlay-pending">
      <Title order={2} fz="md" id="side-overlay-pending">
        Pendientes
      </Title>
      {session ? (
        <PendingWorkList enabled onNavigate={onNavigate} />
      ) : (
        <Text size="sm" c="dimmed">
          Inicia sesión para ver el trabajo por hacer.
        </Text>
      )}
    </Stack>
  );
}

function LayoutSettingsSection() {
  const [settings, updateSettings] = useLayoutSettings();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  return (
    <Stack gap="md" component="section" aria-labelledby="side-overlay-layout">
      <Title order={2} fz="md" id="side-overlay-layout">
        Diseño
      </Title>
      <Switch
        label="Mostrar menú lateral"
        description="En pantallas grandes."
        checked={settings.sidebarVisibleDesktop}
        onChange={(event) => updateSettings({ sidebarVisibleDesktop: event.currentTarget.checked })}
      />
      <Switch
        label="Menú lateral compacto"
        description="Solo iconos, en pantallas grandes."
        checked={settings.sidebarMini}
        onChange={(event) => updateSettings({ sidebarMini: event.currentTarget.checked })}
      />
      <Switch
        label="Encabezado fijo"
        description="El encabezado queda visible al desplazarte."
        checked={settings.headerFixed}
        onChange={(event) => updateSettings({ headerFixed: event.currentTarget.checked })}
      />
      <Switch
        label="Indicador de carga"
        description="Muestra un indicador mientras se carga cada página."
        checked={settings.pageLoader}
        onChange={(event) => updateSettings({ pageLoader: event.currentTarget.checked })}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="side-overlay-width">
          Ancho del contenido
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="side-overlay-width"
          data={contentWidthOptions}
          value={settings.mainContent}
          onChange={(value) => {
            if (isContentWidth(value)) updateSettings({ mainContent: value });
          }}
        />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="side-overlay-theme">
          Tema
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="side-overlay-theme"
          data={colorSchemeOptions}
          value={colorScheme}
          onChange={(value) => {
            if (isColorScheme(value)) setColorScheme(value);
          }}
        />
      </Stack>
      <Button
        variant="default"
        onClick={() => {
          // The mobile sidebar's open state is not a preference; keep whatever it is now.
          updateSettings((current) => ({ ...defaultLayoutSettings, sidebarVisibleMobile: current.sidebarVisibleMobile }));
          // The theme is part of the design too: back to the light one.
          setColorScheme('light');
        }}
      >
        Restablecer diseño
      </Button>
    </Stack>
  );
}

interface SideOverlayProps {
  opened: boolean;
  onClose: () => void;
}

/** The right-hand side overlay: pending work and layout settings. Closes on Escape (Drawer default). */
export function SideOverlay({ opened, onClose }: SideOverlayProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={360}
      title={<Text fw={600}>Panel lateral</Text>}
      closeOnEscape
      closeButtonProps={{ 'aria-label': 'Cerrar panel lateral' }}
    >
      <Stack gap="lg">
        <PendingSection onNavigate={onClose} />
        <Divider />
        <LayoutSettingsSection />
      </Stack>
    </Drawer>
  );
}
