import { UnderConstruction } from '../../../components/ui/under-construction';

function DraftsScreen() {
  return (
    <UnderConstruction
      title="Publicaciones Programadas"
      description="Aquí verás las mascotas en borrador o programadas y podrás decidir cuándo publicarlas."
    />
  );
}

export { DraftsScreen as Component };
