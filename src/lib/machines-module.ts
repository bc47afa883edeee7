/** The lazily loaded machines module (./machines.ts), shared by every lazy actor: XState and the machines load once. */
import { ModuleLoader } from './lazy-actor';

export type MachinesModule = typeof import('./machines');

export const machinesModule = new ModuleLoader<MachinesModule>(() => import('./machines'));
