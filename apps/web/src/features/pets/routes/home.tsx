import { UnderConstruction } from '../../../components/ui/under-construction';

function HomeScreen() {
  return (
    <UnderConstruction
      title="Mascotas"
      description="Aquí verás el listado de mascotas del refugio, con búsqueda, filtros y acciones."
    />
  );
}

export { HomeScreen as Component };
