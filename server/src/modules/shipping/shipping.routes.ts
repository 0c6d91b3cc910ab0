import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app';

/** Routes of this module (filled in by its issue's work). */
export function registerShippingRoutes(_app: FastifyInstance, _context: ModuleContext): void {
  // registered in app.ts
}
