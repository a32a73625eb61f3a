import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { housingLabels } from '@refugio/contracts';
import type { ReactNode } from 'react';
import type { AdoptionRequestView } from '../api/request-view';
import { PhoneText } from '../../../components/ui/phone-text';

const yesNo = (value: boolean | null) => (value === null ? 'No aplica' : value ? 'Sí' : 'No');

function Group({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <Table withRowBorders verticalSpacing="xs" aria-label={title}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" c="dimmed" fw={600} style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const orNone = (text: string) =>
  text.trim() ? (
    text
  ) : (
    <Text span c="dimmed" size="sm">
      Sin respuesta
    </Text>
  );

/** Every answer of the application, grouped as the applicant filled them in. */
export function RequestAnswers({ request }: { request: AdoptionRequestView }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Group
          title="Datos de contacto"
          rows={[
            ['Nombre', request.nombre],
            ['Correo', <Anchor href={`mailto:${request.email}`}>{request.email}</Anchor>],
            [
              'Teléfono',
              <Anchor href={`tel:${request.telefono.replace(/[^\d+]/g, '')}`}>
                <PhoneText value={request.telefono} />
              </Anchor>,
            ],
            ['Edad', `${request.edad} años`],
            ['Ciudad', request.ciudad],
            ['Dirección', request.direccion],
          ]}
        />
        <Group
          title="Hogar"
          rows={[
            ['Vivienda', housingLabels[request.vivienda]],
            ['Vivienda propia', yesNo(request.viviendaPropia)],
            ['El propietario permite mascotas', yesNo(request.viviendaPropia ? null : request.permiteMascotas)],
            ['Patio', yesNo(request.patio)],
            ['Personas en casa', String(request.personasEnCasa)],
            ['Niños en casa', String(request.ninosEnCasa)],
            ['Horas al día que estaría sola', String(request.horasSolo)],
          ]}
        />
      </SimpleGrid>
      <Group
        title="Experiencia y motivo"
        rows={[
          ['Otras mascotas', orNone(request.otrasMascotas)],
          ['Experiencia previa', orNone(request.experiencia)],
          ['Por qué quiere adoptar', orNone(request.motivo)],
        ]}
      />
      <Group
        title="Compromisos"
        rows={[
          ['Acepta una visita al hogar', yesNo(request.aceptaVisita)],
          ['Acepta el aviso de privacidad', yesNo(request.aceptaPrivacidad)],
        ]}
      />
    </Stack>
  );
}
