import { Alert, Button, Group, Modal, Select, Stack, Table, TextInput } from '@mantine/core';
import { countLabel, PROTOCOL_DEFAULT_NOTE, careTypeLabels, type Protocol } from '@refugio/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useProtocols } from '../api/list-protocols';
import { addDays, formatDay } from '../lib/care-labels';

/** Every step of `protocol` as the record it plans from `inicio`. */
export function planProtocol(protocol: Protocol, inicio: string) {
  return [...protocol.pasos]
    .sort((a, b) => a.diasDesdeInicio - b.diasDesdeInicio)
    .map((paso) => ({ ...paso, fecha: addDays(inicio, paso.diasDesdeInicio) }));
}

interface ApplyProtocolDialogProps {
  opened: boolean;
  /** The pet's species: only its protocols are offered. */
  tipoMascota: string;
  today: string;
  applying: boolean;
  onClose: () => void;
  onApply: (protocoloId: number, inicio: string) => void;
}

/** Choose a protocol for the species and a start date, see every planned step, then apply. */
export function ApplyProtocolDialog(props: ApplyProtocolDialogProps) {
  // Mounted on each opening: the start date is today again, nothing chosen yet.
  return props.opened ? <ApplyProtocolModal {...props} /> : null;
}

function ApplyProtocolModal({ tipoMascota, today, applying, onClose, onApply }: ApplyProtocolDialogProps) {
  const protocols = useProtocols();
  const options = (protocols.data ?? []).filter((p) => p.activo && p.tipoMascota === tipoMascota);
  const [picked, setProtocolId] = useState<string | null>(null);
  const [inicio, setInicio] = useState(today);
  // With one protocol for the species, it is the choice.
  const protocolId = picked ?? (options.length === 1 ? String(options[0]?.id) : null);
  const chosen = options.find((p) => String(p.id) === protocolId) ?? null;
  const steps = chosen && /^\d{4}-\d{2}-\d{2}$/.test(inicio) ? planProtocol(chosen, inicio) : [];

  return (
    <Modal opened onClose={onClose} title="Aplicar protocolo" size="lg" closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <Stack gap="sm">
        <Select
          label="Protocolo"
          placeholder={protocols.isPending ? 'Cargando...' : options.length === 0 ? `No hay protocolos para ${tipoMascota}` : 'Elige uno'}
          data={options.map((p) => ({ value: String(p.id), label: p.nombre }))}
          value={protocolId}
          onChange={setProtocolId}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput type="date" label="Fecha de inicio" value={inicio} onChange={(event) => setInicio(event.currentTarget.value)} required />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          {chosen?.nota || `${PROTOCOL_DEFAULT_NOTE}.`}
        </Alert>
        {steps.length > 0 ? (
          <Table.ScrollContainer minWidth={360}>
            <Table aria-label="Pasos que se programarán" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Repetición</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {steps.map((step, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{formatDay(step.fecha)}</Table.Td>
                    <Table.Td>{careTypeLabels[step.tipo]}</Table.Td>
                    <Table.Td>{step.nombre}</Table.Td>
                    <Table.Td>{step.repetirCadaDias ? `Cada ${countLabel(step.repetirCadaDias, 'día', 'días')}` : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button disabled={!chosen || steps.length === 0} loading={applying} onClick={() => chosen && onApply(chosen.id, inicio)}>
            {steps.length > 0 ? `Aplicar y programar ${countLabel(steps.length, 'paso', 'pasos')}` : 'Aplicar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
