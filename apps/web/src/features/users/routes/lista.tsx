import { UnderConstruction } from '../../../components/ui/under-construction';

function ListaScreen() {
  return (
    <UnderConstruction
      title="Lista de Usuarios"
      description="Aquí los administradores verán y gestionarán las cuentas del equipo."
    />
  );
}

export { ListaScreen as Component };
