import { UnderConstruction } from '../../../components/ui/under-construction';

function AgregarUsuarioScreen() {
  return (
    <UnderConstruction
      title="Agregar Usuario"
      description="Aquí los administradores podrán crear nuevas cuentas del equipo."
    />
  );
}

export { AgregarUsuarioScreen as Component };
