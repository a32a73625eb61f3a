import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adoptionRequest } from '../../db/schema';

/*
 * What other modules may ask of an adoption request: the few facts a contract needs (its state, pet and person),
 * read on the caller's handle; `lock` holds the row until the caller's transaction ends (two "Preparar contrato"
 * at once prepare one after the other).
 */

export interface RequestForContract {
  id: number;
  estado: string;
  petId: number;
  personaId: number | null;
}

export async function requestForContract(executor: Database, id: number, options: { lock?: boolean } = {}): Promise<RequestForContract | undefined> {
  const query = executor
    .select({ id: adoptionRequest.id, estado: adoptionRequest.estado, petId: adoptionRequest.petId, personaId: adoptionRequest.personaId })
    .from(adoptionRequest)
    .where(eq(adoptionRequest.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
