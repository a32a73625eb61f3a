import { CAPABILITIES, type Capability, can, ROLES, ROUTE_PERMISSIONS } from '@refugio/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mainNavItems, moreNavGroup } from './layout/nav-items';
import { CAPABILITY_GUARD_ID, routes } from './router';
import { RequireSignIn } from './routes/require-sign-in';

interface Screen {
  path: string;
  capability: Capability | undefined;
  guarded: boolean;
  staff: boolean;
}

/** Every leaf route that renders a screen, with its full path, its capability and whether the capability guard wraps it. */
function screens(list: RouteObject[], parent = '', guarded = false, staff = false): Screen[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const inGuard = guarded || (route.id?.startsWith(CAPABILITY_GUARD_ID) ?? false);
    const inStaff = staff || route.Component === RequireSignIn || inGuard;
    const capability = (route.handle as { capability?: Capability } | undefined)?.capability;
    const own: Screen[] = !route.children && route.element !== null ? [{ path: path || '/', capability, guarded: inGuard, staff: inStaff }] : [];
    return [...own, ...screens(route.children ?? [], path, inGuard, inStaff)];
  });
}

const all = screens(routes);
const staffScreens = all.filter((s) => s.staff);
const byPath = new Map(all.map((s) => [s.path, s]));

/** The call each staff screen cannot show anything without: the screen's capability is the one that opens it. */
const MAIN_CALL: Record<string, string> = {
  '/': 'GET /phpApi/mascotas',
  '/dashboard': 'GET /api/dashboard',
  '/mascota/:id': 'GET /phpApi/mascota/{id}',
  '/paquetes': 'GET /api/paquetes',
  '/borradores': 'GET /api/publicaciones',
  '/formulario/:id': 'GET /api/solicitudes-adopcion/{id}',
  '/personas': 'GET /api/personas',
  '/personas/nueva': 'POST /api/personas',
  '/personas/:id': 'GET /api/personas/{id}',
  '/agregar': 'POST /phpApi/mascota/nueva',
  '/mascota/:id/salud': 'GET /api/mascotas/{id}/salud',
  '/cuidados': 'GET /api/salud/pendientes',
  '/acogidas': 'GET /api/acogidas',
  '/libro-registro': 'GET /api/libro-registro',
  '/memoria': 'GET /api/memoria',
  '/informes': 'GET /api/informes',
  '/turnos': 'GET /api/turnos',
  '/editar/:id': 'POST /phpApi/mascota/{id}/actualizar',
  '/editar': 'POST /phpApi/mascota/{id}/actualizar',
  '/lista': 'GET /api/users',
  '/usuarionuevo': 'POST /api/users',
  '/auditoria': 'GET /api/auditoria',
  '/protocolos': 'POST /api/protocolos',
  '/plantillas': 'GET /api/plantillas',
  '/configuracion': 'PUT /api/organizacion',
  '/roles': 'GET /api/roles',
  // Everyone reads the definitions (every pet and person form does); the screen is for whoever may change them.
  '/campos': 'POST /api/campos',
  '/donativos': 'GET /api/cuotas',
  '/donativos/recibidos': 'GET /api/donativos',
  '/donativos/modelo-182': 'GET /api/fiscal/modelo-182/revision',
  '/donativos/importar': 'POST /api/donativos/importar',
  '/donativos/remesas': 'GET /api/remesas',
  '/inspecciones': 'GET /api/inspecciones',
  '/importar': 'POST /api/importaciones',
  '/mensajes': 'GET /api/mensajes',
  '/novedades-acogida': 'GET /api/novedades',
  '/seguimientos': 'GET /api/seguimientos',
  '/cesiones': 'GET /api/cesiones',
  '/cesiones/:id': 'GET /api/cesiones/{id}',
  '/perdidos-encontrados': 'GET /api/avisos',
  '/perdidos-encontrados/:id': 'GET /api/avisos/{id}',
  '/solicitud-publicacion': 'GET /api/solicitudes-publicacion',
  '/formularios': 'GET /api/solicitudes-adopcion',
  '/enlaces-admin': 'GET /api/enlaces',
  '/blocks/styles': 'GET /api/dashboard',
};

describe("the router's capability handles (DESIGN 20)", () => {
  it('names a capability of the permission table on every staff screen', () => {
    expect(staffScreens.length).toBeGreaterThan(40);
    const missing = staffScreens.filter((s) => !s.capability || !(s.capability in CAPABILITIES)).map((s) => s.path);
    expect(missing).toEqual([]);
  });

  it('puts every screen that some role may not open behind the capability guard', () => {
    const open = staffScreens.filter((s) => !s.guarded && CAPABILITIES[s.capability!].length !== ROLES.length).map((s) => s.path);
    expect(open).toEqual([]);
  });

  it("gives each screen the capability of the server's route for its main call", () => {
    const unlisted = staffScreens.filter((s) => !(s.path in MAIN_CALL)).map((s) => s.path);
    expect(unlisted).toEqual([]);
    for (const s of staffScreens) {
      expect({ path: s.path, capability: ROUTE_PERMISSIONS[MAIN_CALL[s.path]!] }).toEqual({ path: s.path, capability: s.capability });
    }
  });

  it.each(ROLES)('shows %s the menu entries of exactly the screens its role may open', (role) => {
    for (const item of [...mainNavItems, ...moreNavGroup.links]) {
      const screen = byPath.get(item.to);
      expect(screen, item.to).toBeDefined();
      expect({ to: item.to, opens: can(role, screen!.capability!) }).toEqual({ to: item.to, opens: can(role, item.capability) });
    }
  });
});
