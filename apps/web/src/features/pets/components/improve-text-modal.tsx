import { Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { aiMessages } from '@refugio/contracts';
import { IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { improvableFieldLabels, type ImprovableField } from '../lib/ai-requests';

export interface TextProposal {
  campo: ImprovableField;
  current: string;
  proposed: string;
}

interface ImproveTextModalProps {
  proposal: TextProposal | null;
  onAccept: (proposal: TextProposal) => void;
  onDiscard: () => void;
}

function TextColumn({ heading, text, highlight = false }: { heading: string; text: string; highlight?: boolean }) {
  const headingId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={3} fz="sm" fw={700} c={highlight ? 'teal' : 'dimmed'} id={headingId}>
        {heading}
      </Title>
      <Paper withBorder radius="md" p="sm" bg={highlight ? 'teal.0' : 'gray.0'}>
        <ScrollArea.Autosize mah={{ base: 220, sm: 360 }} type="auto" offsetScrollbars>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}

/**
 * 'Mejorar con IA' never overwrites a text by itself: the proposal shows beside the current text (two columns
 * on wide screens, stacked on narrow ones) until the person chooses 'Usar la propuesta' or 'Descartar'.
 */
export function ImproveTextModal({ proposal, onAccept, onDiscard }: ImproveTextModalProps) {
  const label = proposal ? improvableFieldLabels[proposal.campo] : '';
  return (
    <Modal
      opened={proposal !== null}
      onClose={onDiscard}
      centered
      size="xl"
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconSparkles size={20} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {`${aiMessages.improveButton}: ${label}`}
          </Text>
        </Group>
      }
    >
      {proposal ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextColumn heading="Texto actual" text={proposal.current} />
            <TextColumn heading="Propuesta de la IA" text={proposal.proposed} highlight />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            La propuesta reemplaza el texto del formulario; se guarda al pulsar GUARDAR MASCOTA.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDiscard}>
              Descartar
            </Button>
            <Button color="teal" onClick={() => onAccept(proposal)} data-autofocus>
              Usar la propuesta
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
