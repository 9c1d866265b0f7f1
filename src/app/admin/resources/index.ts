import audit from './audit';
import category from './category';
import contract from './contract';
import downloads from './downloads';
import lahan from './lahan';
import location from './location';
import mitra from './mitra';
import petani from './petani';
import users from './users';

/** The panel's resources in sidebar order (SPEC.md §2); the first is the default tab. */
export const resources = [
  { name: 'users', ...users },
  { name: 'mitra', ...mitra },
  { name: 'petani', ...petani },
  { name: 'contract', ...contract },
  { name: 'lahan', ...lahan },
  { name: 'category', ...category },
  { name: 'location', ...location },
  { name: 'downloads', ...downloads },
  { name: 'audit', ...audit },
] as const;
