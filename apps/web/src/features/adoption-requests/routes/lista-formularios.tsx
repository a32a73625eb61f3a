import { UnderConstruction } from '../../../components/ui/under-construction';

function ListaFormulariosScreen() {
  return (
    <UnderConstruction title="Formularios de Solicitud" description="Aquí verás las solicitudes de adopción recibidas, con su estado y filtros." />
  );
}

export { ListaFormulariosScreen as Component };
