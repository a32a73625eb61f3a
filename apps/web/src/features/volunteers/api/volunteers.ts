import {
  type CreateShiftInput,
  type FosterSearch,
  type FosterSearchInput,
  type FosterSearchSent,
  type ShiftTemplate,
  fosterSearchSchema,
  fosterSearchSentSchema,
  shiftTemplateSchema,
  type Shift,
  type ShiftTemplateInput,
  type VolunteerHours,
  type VolunteerLink,
  type VolunteerProfile,
  type VolunteerProfileInput,
  shiftSchema,
  volunteerHoursSchema,
  volunteerLinkSchema,
  volunteerLinkStateSchema,
  volunteerProfileSchema,
} from '@refugio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';

export const shiftsKey = ['turnos'] as const;
const profileKey = (personId: number) => ['voluntariado', personId] as const;

/** `GET /api/turnos?desde=&hasta=`: the shifts of those days with who is coming and the free places. */
export function useShifts(desde: string, hasta: string) {
  return useQuery({
    queryKey: [...shiftsKey, desde, hasta],
    queryFn: async ({ signal }) =>
      z.object({ items: z.array(shiftSchema) }).parse(await requestJson('/api/turnos', { query: { desde, hasta }, signal })).items,
    placeholderData: keepPreviousData,
  });
}

function useInvalidatingMutation<I, O>(fn: (input: I) => Promise<O>, keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['pendientes'] });
    },
  });
}

/** `POST /api/turnos`. */
export const useCreateShift = () =>
  useInvalidatingMutation(
    async (input: CreateShiftInput): Promise<Shift> => shiftSchema.parse(await requestJson('/api/turnos', { method: 'POST', json: input })),
    [shiftsKey],
  );

/** `POST /api/turnos/plantillas`: the shifts of the next eight weeks. */
export const useCreateTemplate = () =>
  useInvalidatingMutation(
    async (input: ShiftTemplateInput) =>
      z.object({ turnos: z.number() }).parse(await requestJson('/api/turnos/plantillas', { method: 'POST', json: input })),
    [shiftsKey],
  );

/** `POST /api/turnos/{id}/asistencia`. */
export const useMarkAttendance = () =>
  useInvalidatingMutation(
    async (input: { turnoId: number; personaId: number; asistio: boolean }): Promise<Shift> =>
      shiftSchema.parse(
        await requestJson(`/api/turnos/${input.turnoId}/asistencia`, {
          method: 'POST',
          json: { personaId: input.personaId, asistio: input.asistio },
        }),
      ),
    [shiftsKey, ['voluntariado']],
  );

export function useVolunteerProfile(personId: number) {
  return useQuery({
    queryKey: profileKey(personId),
    queryFn: async ({ signal }): Promise<VolunteerProfile> =>
      volunteerProfileSchema.parse(await requestJson(`/api/personas/${personId}/voluntariado`, { signal })),
  });
}

export function useSaveVolunteerProfile(personId: number) {
  return useInvalidatingMutation(
    async (input: VolunteerProfileInput): Promise<VolunteerProfile> =>
      volunteerProfileSchema.parse(await requestJson(`/api/personas/${personId}/voluntariado`, { method: 'PUT', json: input })),
    [profileKey(personId)],
  );
}

export function useVolunteerHours(personId: number, anio: number) {
  return useQuery({
    queryKey: ['voluntariado', personId, 'horas', anio],
    queryFn: async ({ signal }): Promise<VolunteerHours> =>
      volunteerHoursSchema.parse(await requestJson(`/api/personas/${personId}/voluntariado/horas`, { query: { anio: String(anio) }, signal })),
  });
}

export function useVolunteerLinkState(personId: number) {
  return useQuery({
    queryKey: ['voluntariado', personId, 'enlace'],
    queryFn: async ({ signal }) => volunteerLinkStateSchema.parse(await requestJson(`/api/personas/${personId}/voluntariado/enlace`, { signal })),
  });
}

export function useCreateVolunteerLink(personId: number) {
  return useInvalidatingMutation(
    async (): Promise<VolunteerLink> =>
      volunteerLinkSchema.parse(await requestJson(`/api/personas/${personId}/voluntariado/enlace`, { method: 'POST' })),
    [['voluntariado', personId, 'enlace']],
  );
}

export function useRevokeVolunteerLink(personId: number) {
  return useInvalidatingMutation(async () => {
    await requestJson(`/api/personas/${personId}/voluntariado/enlace`, { method: 'DELETE' });
  }, [['voluntariado', personId, 'enlace']]);
}

const fosterSearchKey = (petId: number) => ['busco-acogida', petId] as const;

/** `GET /api/mascotas/{id}/busco-acogida`: the suggested foster homes and their answers. */
export function useFosterSearch(petId: number) {
  return useQuery({
    queryKey: fosterSearchKey(petId),
    queryFn: async ({ signal }): Promise<FosterSearch> =>
      fosterSearchSchema.parse(await requestJson(`/api/mascotas/${petId}/busco-acogida`, { signal })),
  });
}

/** `POST /api/mascotas/{id}/busco-acogida`: the card to the homes, by e-mail or WhatsApp. */
export const useSendFosterSearch = (petId: number) =>
  useInvalidatingMutation(
    async (input: FosterSearchInput): Promise<FosterSearchSent> =>
      fosterSearchSentSchema.parse(await requestJson(`/api/mascotas/${petId}/busco-acogida`, { method: 'POST', json: input })),
    [fosterSearchKey(petId)],
  );

/** `POST /api/mascotas/{id}/busco-acogida/{ofertaId}/colocar`: the pet placed with a home that said yes. */
export const usePlaceFromOffer = (petId: number) =>
  useInvalidatingMutation(
    async (ofertaId: number): Promise<FosterSearch> =>
      fosterSearchSchema.parse(await requestJson(`/api/mascotas/${petId}/busco-acogida/${ofertaId}/colocar`, { method: 'POST' })),
    // The pet's page, its movements and the lists (under ['pets'], the pets feature's keys) show where it is now.
    [fosterSearchKey(petId), ['pets']],
  );

/** `GET /api/turnos/plantillas` (read when `enabled`: the screen asks when a template is to be changed). */
export function useTemplates(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...shiftsKey, 'plantillas'],
    queryFn: async ({ signal }): Promise<ShiftTemplate[]> =>
      z.object({ items: z.array(shiftTemplateSchema) }).parse(await requestJson('/api/turnos/plantillas', { signal })).items,
  });
}

/** `PUT /api/turnos/plantillas/{id}`: only the shifts not yet started change. */
export const useUpdateTemplate = () =>
  useInvalidatingMutation(
    async ({ id, input }: { id: number; input: ShiftTemplateInput }) =>
      z.object({ turnos: z.number() }).parse(await requestJson(`/api/turnos/plantillas/${id}`, { method: 'PUT', json: input })),
    [shiftsKey],
  );

/** `DELETE /api/turnos/{id}`: a one-off shift not yet started; answers whom to tell. */
export const useDeleteShift = () =>
  useInvalidatingMutation(
    async (id: number) => z.object({ avisar: shiftSchema.shape.apuntados }).parse(await requestJson(`/api/turnos/${id}`, { method: 'DELETE' })),
    [shiftsKey],
  );

/** `POST /api/turnos/{id}/recordatorio`: the reminder by WhatsApp, as the click-to-chat link to open. */
export const useWhatsappReminder = () =>
  useInvalidatingMutation(
    async ({ turnoId, personaId }: { turnoId: number; personaId: number }) =>
      z.object({ url: z.string() }).parse(await requestJson(`/api/turnos/${turnoId}/recordatorio`, { method: 'POST', json: { personaId } })),
    [],
  );
