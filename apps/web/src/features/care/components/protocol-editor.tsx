import { ActionIcon, Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PET_TYPES, CARE_TYPES, careTypeLabels, type CareType, type Protocol, type ProtocolInput } from '@refugio/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';

interface StepDraft {
  tipo: CareType;
  nombre: string;
  diasDesdeInicio: string;
  repetirCadaDias: string;
}

const typeOptions = CARE_TYPES.filter((t) => t !== 'peso').map((value) => ({ value, label: careTypeLabels[value] }));

const defaultSpecies: Protocol['tipoMascota'] = 'Perro';

function toDraft(protocol: Protocol | null) {
  return {
    nombre: protocol?.nombre ?? '',
    tipoMascota: protocol?.tipoMascota ?? defaultSpecies,
    nota: protocol?.nota ?? '',
    activo: protocol?.activo ?? true,
    pasos: (protocol?.pasos ?? []).map((p) => ({
      tipo: p.tipo,
      nombre: p.nombre,
      diasDesdeInicio: String(p.diasDesdeInicio),
      repetirCadaDias: p.repetirCadaDias === null ? '' : String(p.repetirCadaDias),
    })),
  };
}

/** The draft as the API takes it, or the first problem found (Spanish). */
export function protocolDraftToInput(draft: ReturnType<typeof toDraft>): ProtocolInput | string {
  if (draft.nombre.trim() === '') return 'Indica el nombre del protocolo.';
  if (draft.pasos.length === 0) return 'Añade al menos un paso.';
  const pasos = [];
  for (const [i, p] of draft.pasos.entries()) {
    if (p.nombre.trim() === '') return `Paso ${i + 1}: indica el nombre.`;
    if (!/^\d{1,4}$/.test(p.diasDesdeInicio.trim())) return `Paso ${i + 1}: el día desde el inicio debe ser un número entero (0 o más).`;
    if (p.repetirCadaDias.trim() !== '' && (!/^\d{1,4}$/.test(p.repetirCadaDias.trim()) || Number(p.repetirCadaDias) < 1))
      return `Paso ${i + 1}: la repetición debe ser un número entero de días (1 o más).`;
    pasos.push({
      tipo: p.tipo,
      nombre: p.nombre.trim(),
      diasDesdeInicio: Number(p.diasDesdeInicio),
      repetirCadaDias: p.repetirCadaDias.trim() === '' ? null : Number(p.repetirCadaDias),
    });
  }
  return { nombre: draft.nombre.trim(), tipoMascota: draft.tipoMascota, nota: draft.nota.trim(), activo: draft.activo, pasos };
}

interface ProtocolEditorProps {
  opened: boolean;
  protocol: Protocol | null;
  onClose: () => void;
  onSave: (input: ProtocolInput) => Promise<unknown>;
}

/** Edit a protocol: its name, the species, and its steps (day from the start, optional repetition). */
export function ProtocolEditor(props: ProtocolEditorProps) {
  // Mounted on each opening, from the protocol as it is now.
  return props.opened ? <ProtocolEditorModal {...props} /> : null;
}

function ProtocolEditorModal({ protocol, onClose, onSave }: ProtocolEditorProps) {
  const [draft, setDraft] = useState(() => toDraft(protocol));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const change = (next: typeof draft) => {
    setDraft(next);
    setDirty(true);
  };
  const setStep = (index: number, patch: Partial<StepDraft>) =>
    change({ ...draft, pasos: draft.pasos.map((p, i) => (i === index ? { ...p, ...patch } : p)) });

  const requestClose = () => {
    if (!dirty) return onClose();
    modals.openConfirmModal({
      title: '¿Descartar los cambios del protocolo?',
      centered: true,
      children: <Text size="sm">Lo que has cambiado no se ha guardado.</Text>,
      labels: { confirm: 'Descartar', cancel: 'Seguir editando' },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const save = async () => {
    const input = protocolDraftToInput(draft);
    if (typeof input === 'string') return setError(input);
    setSaving(true);
    setError(null);
    try {
      await onSave(input);
      onClose();
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'CONFLICT'
          ? 'Otra persona guardó este protocolo mientras lo editabas. Lo escrito sigue aquí; recarga la página para ver su versión.'
          : getErrorMessage(e),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={requestClose}
      title={protocol ? 'Editar protocolo' : 'Nuevo protocolo'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" required value={draft.nombre} onChange={(e) => change({ ...draft, nombre: e.currentTarget.value })} />
          <Select
            label="Especie"
            data={[...PET_TYPES]}
            value={draft.tipoMascota}
            onChange={(value) => {
              const tipo = PET_TYPES.find((t) => t === value);
              if (tipo) change({ ...draft, tipoMascota: tipo });
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label="Nota"
          description="Se muestra al aplicar el protocolo."
          autosize
          minRows={1}
          maxRows={4}
          value={draft.nota}
          onChange={(e) => change({ ...draft, nota: e.currentTarget.value })}
        />
        <Switch
          label="Se ofrece al aplicar protocolos"
          checked={draft.activo}
          onChange={(e) => change({ ...draft, activo: e.currentTarget.checked })}
        />
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pasos">
          {draft.pasos.map((paso, i) => (
            <Paper key={i} withBorder p="xs" radius="md" component="li">
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label={`Paso ${i + 1}: tipo`}
                  data={typeOptions}
                  value={paso.tipo}
                  onChange={(value) => value && setStep(i, { tipo: value })}
                  allowDeselect={false}
                  w={200}
                  comboboxProps={{ withinPortal: true }}
                />
                <TextInput
                  label="Nombre"
                  value={paso.nombre}
                  onChange={(e) => setStep(i, { nombre: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 160 }}
                />
                <TextInput
                  label="Día desde el inicio"
                  inputMode="numeric"
                  value={paso.diasDesdeInicio}
                  onChange={(e) => setStep(i, { diasDesdeInicio: e.currentTarget.value })}
                  w={140}
                />
                <TextInput
                  label="Repetir cada (días)"
                  inputMode="numeric"
                  value={paso.repetirCadaDias}
                  onChange={(e) => setStep(i, { repetirCadaDias: e.currentTarget.value })}
                  w={150}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
                  aria-label={`Quitar el paso ${i + 1}`}
                  onClick={() => change({ ...draft, pasos: draft.pasos.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => change({ ...draft, pasos: [...draft.pasos, { tipo: 'vacuna', nombre: '', diasDesdeInicio: '0', repetirCadaDias: '' }] })}
          >
            Añadir paso
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={requestClose}>
              Cancelar
            </Button>
            <Button loading={saving} onClick={() => void save()}>
              Guardar
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
