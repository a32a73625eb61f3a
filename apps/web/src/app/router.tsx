import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { prefetchFirstScreenOnSignIn } from './prefetch-first-screen';
import { queryClient } from './query-client';
import type { SimpleLayoutHandle } from './routes/simple-layout';
import { RequireSignIn } from './routes/require-sign-in';
import { RootErrorBoundary, RootLayout } from './routes/root-layout';
import { requireSessionLoader, requireSignInLoader, rootLoader } from './routes/session-loaders';

/**
 * The routes of SPEC section 2. Every screen and both layouts are `lazy`, so each is its own chunk and
 * /login downloads only what it shows. Lazy modules export `Component` (and `loader` when they need one).
 */
/** The id of the routes that show the no-permission page to a role whose capability does not open the screen. */
export const CAPABILITY_GUARD_ID = 'capability-guard';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // The whole app shows 'Cargando...' until the authentication state is known.
    HydrateFallback: FullScreenLoader,
    loader: rootLoader,
    children: [
      {
        // Simple layout, no sign-in check.
        lazy: () => import('./routes/simple-layout'),
        children: [
          {
            path: 'login',
            // No waterfall after "Iniciar sesión": the list's code and data are fetched ahead (prefetch-first-screen.ts).
            loader: () => {
              prefetchFirstScreenOnSignIn(queryClient);
              return null;
            },
            lazy: () => import('../features/auth/routes/login'),
          },
          { path: 'registro-mascota', lazy: () => import('../features/pet-registration/routes/registro-mascota') },
          {
            path: 'registro-mascota/:linkId',
            lazy: () => import('../features/pet-registration/routes/registro-mascota-con-link'),
          },
          {
            path: 'registro-mascota-mobile',
            lazy: () => import('../features/pet-registration/routes/registro-mascota-mobile'),
          },
          // Simple layout, but every call needs a staff session: signed out, it sends to the sign-in.
          {
            id: `${CAPABILITY_GUARD_ID}-simple`,
            lazy: () => import('./routes/require-administrator'),
            children: [
              {
                path: 'enlaces-admin',
                loader: requireSignInLoader,
                handle: { staffHeader: true, capability: 'publicacion' } satisfies SimpleLayoutHandle & { capability: string },
                lazy: () => import('../features/registration-links/routes/enlaces-admin'),
              },
            ],
          },
          // Needs a session but not the usual guard: this is where that guard sends a temporary password.
          {
            path: 'cambiar-contrasena',
            loader: requireSessionLoader,
            lazy: () => import('../features/auth/routes/cambiar-contrasena'),
          },
          // The two-step sign-in's enrolment: where the login sends a role that must have it (REQUIRE_TWO_FACTOR).
          {
            path: 'cuenta/dos-pasos',
            // Every signed-in person's own account: the sidebar's entry for it is shown to every role.
            handle: { capability: 'cuenta' },
            loader: requireSessionLoader,
            lazy: () => import('../features/auth/routes/dos-pasos'),
          },
          // Empty groups of SPEC section 2: they hold no screen yet, so their address is an unknown page.
          { path: 'auth', children: [{ index: true, lazy: () => import('./routes/not-found') }] },
          { path: 'errors', children: [{ index: true, lazy: () => import('./routes/not-found') }] },
        ],
      },
      {
        // Backend layout: header, sidebar, side overlay and footer.
        lazy: () => import('./routes/backend-layout'),
        children: [
          {
            loader: requireSignInLoader,
            Component: RequireSignIn,
            children: [
              // Every role reads pets and its dashboard: these stay outside the capability guard (the first screen loads no guard).
              { index: true, handle: { capability: 'mascotas.ver' }, lazy: () => import('../features/pets/routes/home') },
              { path: 'dashboard', handle: { capability: 'cuenta' }, lazy: () => import('../features/dashboard/routes/dashboard') },
              { path: 'mascota/:id', handle: { capability: 'mascotas.ver' }, lazy: () => import('../features/pets/routes/producto') },
              {
                // Each screen names the capability of the permission table (DESIGN 20) that opens its main call; a role
                // without it, arriving by its address, sees the no-permission page instead of a screen of refusals.
                id: CAPABILITY_GUARD_ID,
                lazy: () => import('./routes/require-administrator'),
                children: [
                  { path: 'paquetes', handle: { capability: 'publicacion' }, lazy: () => import('../features/packages/routes/paquetes') },
                  { path: 'borradores', handle: { capability: 'publicacion' }, lazy: () => import('../features/drafts/routes/borradores') },
                  {
                    path: 'formulario/:id',
                    handle: { capability: 'adopciones' },
                    lazy: () => import('../features/adoption-requests/routes/formulario'),
                  },
                  { path: 'personas', handle: { capability: 'personas.ver' }, lazy: () => import('../features/persons/routes/personas') },
                  {
                    path: 'personas/nueva',
                    handle: { capability: 'personas.editar' },
                    lazy: () => import('../features/persons/routes/nueva-persona'),
                  },
                  { path: 'personas/:id', handle: { capability: 'personas.ver' }, lazy: () => import('../features/persons/routes/persona') },
                  { path: 'agregar', handle: { capability: 'mascotas.editar' }, lazy: () => import('../features/pets/routes/agregar') },
                  { path: 'mascota/:id/salud', handle: { capability: 'cuidados.ver' }, lazy: () => import('../features/care/routes/salud') },
                  { path: 'cuidados', handle: { capability: 'cuidados.ver' }, lazy: () => import('../features/care/routes/cuidados') },
                  { path: 'acogidas', handle: { capability: 'movimientos' }, lazy: () => import('../features/fosters/routes/acogidas') },
                  // The register book (DESIGN section 16).
                  { path: 'libro-registro', handle: { capability: 'libro' }, lazy: () => import('../features/register-book/routes/libro-registro') },
                  // The annual report and the ready reports (DESIGN section 16); the money in them only for administrators.
                  { path: 'memoria', handle: { capability: 'informes' }, lazy: () => import('../features/reports/routes/memoria') },
                  { path: 'informes', handle: { capability: 'informes' }, lazy: () => import('../features/reports/routes/informes') },
                  { path: 'turnos', handle: { capability: 'voluntariado' }, lazy: () => import('../features/volunteers/routes/turnos') },
                  { path: 'editar/:id', handle: { capability: 'mascotas.editar' }, lazy: () => import('../features/pets/routes/editar') },
                  // SPEC section 5: a missing id gives the alert 'Error: No se proporcionó un ID válido'.
                  { path: 'editar', handle: { capability: 'mascotas.editar' }, lazy: () => import('../features/pets/routes/editar') },
                  { path: 'lista', handle: { capability: 'usuarios' }, lazy: () => import('../features/users/routes/lista') },
                  { path: 'usuarionuevo', handle: { capability: 'usuarios' }, lazy: () => import('../features/users/routes/agregar-usuario') },
                  { path: 'auditoria', handle: { capability: 'ajustes' }, lazy: () => import('../features/audit/routes/auditoria') },
                  { path: 'protocolos', handle: { capability: 'cuidados.protocolos' }, lazy: () => import('../features/care/routes/protocolos') },
                  { path: 'plantillas', handle: { capability: 'ajustes' }, lazy: () => import('../features/templates/routes/plantillas') },
                  { path: 'configuracion', handle: { capability: 'ajustes' }, lazy: () => import('../features/settings/routes/configuracion') },
                  { path: 'roles', handle: { capability: 'usuarios' }, lazy: () => import('../features/users/routes/roles') },
                  { path: 'campos', handle: { capability: 'campos' }, lazy: () => import('../features/custom-fields/routes/campos') },
                  // Socios y donativos (DESIGN 15): one address per tab (components/ui/money-tabs.tsx).
                  { path: 'donativos', handle: { capability: 'dinero' }, lazy: () => import('../features/donations/routes/cuotas') },
                  {
                    path: 'donativos/recibidos',
                    handle: { capability: 'dinero' },
                    lazy: () => import('../features/donations/routes/donativos-recibidos'),
                  },
                  { path: 'donativos/modelo-182', handle: { capability: 'dinero' }, lazy: () => import('../features/donations/routes/modelo-182') },
                  {
                    path: 'donativos/importar',
                    handle: { capability: 'dinero' },
                    lazy: () => import('../features/bank-import/routes/importar-extracto'),
                  },
                  { path: 'donativos/remesas', handle: { capability: 'dinero' }, lazy: () => import('../features/remesas/routes/remesas') },
                  { path: 'inspecciones', handle: { capability: 'inspecciones' }, lazy: () => import('../features/inspections/routes/inspecciones') },
                  { path: 'importar', handle: { capability: 'importar' }, lazy: () => import('../features/importer/routes/importar') },
                  { path: 'mensajes', handle: { capability: 'mensajes' }, lazy: () => import('../features/messages/routes/mensajes') },
                  {
                    path: 'novedades-acogida',
                    handle: { capability: 'adopciones' },
                    lazy: () => import('../features/foster-news/routes/novedades-acogida'),
                  },
                  { path: 'seguimientos', handle: { capability: 'adopciones' }, lazy: () => import('../features/followups/routes/seguimientos') },
                  { path: 'cesiones', handle: { capability: 'cesiones' }, lazy: () => import('../features/surrenders/routes/cesiones') },
                  { path: 'cesiones/:id', handle: { capability: 'cesiones' }, lazy: () => import('../features/surrenders/routes/cesion-detalle') },
                  {
                    path: 'perdidos-encontrados',
                    handle: { capability: 'cesiones' },
                    lazy: () => import('../features/lost-found/routes/perdidos-encontrados'),
                  },
                  {
                    path: 'perdidos-encontrados/:id',
                    handle: { capability: 'cesiones' },
                    lazy: () => import('../features/lost-found/routes/aviso-detalle'),
                  },
                  {
                    path: 'solicitud-publicacion',
                    handle: { capability: 'publicacion' },
                    lazy: () => import('../features/publication-requests/routes/solicitud-publicacion'),
                  },
                  {
                    path: 'formularios',
                    handle: { capability: 'adopciones' },
                    lazy: () => import('../features/adoption-requests/routes/lista-formularios'),
                  },
                ],
              },
              {
                path: 'blocks',
                children: [
                  // `element: null`: the loader redirects before anything renders.
                  { index: true, loader: () => redirect('/blocks/styles'), element: null },
                  { path: 'styles', handle: { capability: 'cuenta' }, lazy: () => import('../features/style-guide/routes/styles') },
                ],
              },
            ],
          },
          // In the main layout but without a sign-in requirement (SPEC section 2).
          { path: 'imagenes/:id', lazy: () => import('../features/pets/routes/imagenes') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
