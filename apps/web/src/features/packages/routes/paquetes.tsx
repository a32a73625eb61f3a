import { UnderConstruction } from '../../../components/ui/under-construction';

function PaquetesScreen() {
  return (
    <UnderConstruction title="Paquetes" description="Aquí se gestionarán los paquetes que definen cuántas mascotas puede registrar cada enlace." />
  );
}

export { PaquetesScreen as Component };
