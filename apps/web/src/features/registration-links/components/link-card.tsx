import { Badge, Button, Card, CopyButton, Group, Modal, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { intakeMessages, type LinkState, type RegistrationLink } from '@refugio/contracts';
import { IconCalendarPlus, IconCheck, IconCopy, IconQrcode, IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useExtendLink, useRevokeLink } from '../api/change-link';
import { LinkQrCode } from '../../../components/ui/qr-code';
import { PhoneText } from '../../../components/ui/phone-text';

const stateColor: Record<LinkState, string> = { activo: 'teal', revocado: 'red', vencido: 'gray', sin_cupo: 'orange' };

function ExtendModal({ link, onClose }: { link: RegistrationLink; onClose: () => void }) {
  const extend = useExtendLink();
  const [dias, setDias] = useState<number | string>(30);
  const valid = typeof dias === 'number' && Number.isInteger(dias) && dias >= 1 && dias <= 365;
  return (
    <Stack>
      <Text size="sm">Vence el {formatDate(link.venceEn)}. Los días se suman a esa fecha (o a hoy, si ya venció).</Text>
      <NumberInput
        label="Días a sumar"
        min={1}
        max={365}
        allowDecimal={false}
        value={dias}
        onChange={setDias}
        error={valid ? undefined : intakeMessages.extendDaysInvalid}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={!valid}
          loading={extend.isPending}
          onClick={() =>
            extend.mutate(
              { id: link.id, dias: Number(dias) },
              {
                onSuccess: (updated) => {
                  notifications.show({ color: 'teal', title: 'Enlace extendido', message: `Ahora vence el ${formatDate(updated.venceEn)}.` });
                  onClose();
                },
                onError: (error) => notifications.show({ color: 'red', title: 'No se pudo extender el enlace', message: getErrorMessage(error) }),
              },
            )
          }
        >
          Extender
        </Button>
      </Group>
    </Stack>
  );
}

/** Copies one of the link's addresses; says "Copiado" for a moment. */
function CopyLinkButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          onClick={copy}
        >
          {copied ? 'Copiado' : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** One link: who it is for, its usage, expiry and state; copy its two addresses (full form, phone form), show the phone form's QR code, extend or revoke it. */
export function LinkCard({ link, highlighted = false }: { link: RegistrationLink; highlighted?: boolean }) {
  const revoke = useRevokeLink();
  const [qrOpen, setQrOpen] = useState(highlighted);
  const [extendOpen, setExtendOpen] = useState(false);

  const onRevoke = () =>
    modals.openConfirmModal({
      title: `¿Revocar el enlace de ${link.destinatario}?`,
      children: <Text size="sm">El formulario dejará de aceptar registros con este enlace. No se puede deshacer.</Text>,
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'Enlace revocado', message: link.destinatario }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo revocar el enlace', message: getErrorMessage(error) }),
        }),
    });

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Enlace de ${link.destinatario}`}
      bd={highlighted ? '2px solid var(--mantine-primary-color-filled)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text fw={700}>{link.destinatario}</Text>
          <Text size="sm" c="dimmed">
            {link.paqueteNombre}
            {link.email && ` · ${link.email}`}
            {link.telefono ? (
              <>
                {' · '}
                <PhoneText value={link.telefono} />
              </>
            ) : null}
          </Text>
        </div>
        <Badge color={stateColor[link.estado]}>{intakeMessages.linkStates[link.estado]}</Badge>
      </Group>
      {link.nota && (
        <Text size="sm" mt={4}>
          {link.nota}
        </Text>
      )}
      <Stack gap={4} my="sm">
        <Text size="sm">
          Registradas: <strong>{link.usados}</strong> de {link.cupo}
        </Text>
        <Progress value={(link.usados / link.cupo) * 100} size="sm" aria-label={`Registradas ${link.usados} de ${link.cupo}`} />
        <Text size="sm" c="dimmed">
          {link.estado === 'revocado' ? `Revocado el ${formatDate(link.revocadoEn)}` : `Vence el ${formatDate(link.venceEn)}`}
        </Text>
      </Stack>
      <Text size="xs" c="dimmed">
        Formulario completo
      </Text>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} aria-label="Dirección del enlace">
        {link.url}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Formulario para teléfonos (paso a paso, con la cámara)
      </Text>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} aria-label="Dirección del enlace para teléfonos">
        {link.urlMovil}
      </Text>
      <Group gap="xs" mt="sm">
        <CopyLinkButton value={link.url} label="Copiar enlace" />
        <CopyLinkButton value={link.urlMovil} label="Copiar enlace para teléfonos" />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconQrcode size={16} aria-hidden="true" />}
          onClick={() => setQrOpen((v) => !v)}
          aria-expanded={qrOpen}
        >
          {qrOpen ? 'Ocultar QR' : 'Código QR'}
        </Button>
        {link.estado !== 'revocado' && (
          <>
            <Button size="xs" variant="default" leftSection={<IconCalendarPlus size={16} aria-hidden="true" />} onClick={() => setExtendOpen(true)}>
              Extender
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconBan size={16} aria-hidden="true" />}
              onClick={onRevoke}
              loading={revoke.isPending}
            >
              Revocar
            </Button>
          </>
        )}
      </Group>
      {qrOpen && (
        <Stack gap={4} mt="sm" align="center">
          <LinkQrCode url={link.urlMovil} label={`Código QR del enlace para teléfonos de ${link.destinatario}`} />
          <Text size="xs" c="dimmed">
            Escanéalo con el teléfono para abrir el formulario para teléfonos.
          </Text>
        </Stack>
      )}
      <Modal opened={extendOpen} onClose={() => setExtendOpen(false)} title={`Extender el enlace de ${link.destinatario}`}>
        {extendOpen && <ExtendModal link={link} onClose={() => setExtendOpen(false)} />}
      </Modal>
    </Card>
  );
}
