import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app';

/** Routes of this module (being written). */
export function registerUserRoutes(_api: FastifyInstance, _context: ModuleContext): void {}
