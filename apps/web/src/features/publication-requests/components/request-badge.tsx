import { Badge } from '@mantine/core';
import { intakeMessages, type PublicationRequestState } from '@refugio/contracts';

const color: Record<PublicationRequestState, string> = { pendiente: 'yellow', aprobada: 'teal', rechazada: 'red' };

export function RequestStateBadge({ estado }: { estado: PublicationRequestState }) {
  return (
    <Badge color={color[estado]} variant="light">
      {intakeMessages.requestStates[estado]}
    </Badge>
  );
}
