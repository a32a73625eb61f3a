import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';

function FormularioScreen() {
  const { id = '' } = useParams();
  return (
    <UnderConstruction title="Formulario de Solicitud" description="Aquí verás todas las respuestas y el historial de una solicitud de adopción.">
      <Text size="sm" c="dimmed">
        Identificador: <Code>{id}</Code>
      </Text>
    </UnderConstruction>
  );
}

export { FormularioScreen as Component };
