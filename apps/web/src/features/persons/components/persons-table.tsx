import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Person } from '@refugio/contracts';
import { PersonBadges, personFullName } from './person-badges';
import { PhoneText } from '../../../components/ui/phone-text';

function PersonLink({ person }: { person: Person }) {
  return (
    <Anchor component={Link} to={`/personas/${person.id}`} fw={600} c="inherit">
      {personFullName(person) || 'Sin nombre'}
    </Anchor>
  );
}

/** The person list as a table (wide screens). */
export function PersonsTable({ persons }: { persons: readonly Person[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Personas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Contacto</Table.Th>
            <Table.Th>Ciudad</Table.Th>
            <Table.Th>Roles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {persons.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <PersonLink person={person} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.email ?? ''}</Text>
                <Text size="xs" c="dimmed">
                  {person.telefono ? <PhoneText value={person.telefono} /> : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.ciudad ?? ''}</Text>
              </Table.Td>
              <Table.Td>
                <PersonBadges person={person} size="xs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The person list as cards (narrow screens). */
export function PersonCards({ persons }: { persons: readonly Person[] }) {
  return (
    <Stack gap="sm" p="sm" role="list" aria-label="Personas">
      {persons.map((person) => (
        <Paper key={person.id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap={4}>
            <PersonLink person={person} />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[person.email, person.telefono ? <PhoneText key="telefono" value={person.telefono} /> : null, person.ciudad]
                .filter(Boolean)
                .flatMap((v, i) => (i === 0 ? [v] : [' · ', v]))}
            </Text>
            <PersonBadges person={person} size="xs" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
