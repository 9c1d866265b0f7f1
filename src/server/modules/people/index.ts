import type { ApiModule } from '../module.js';
import { ADMINS, MITRA, PETANI, USERS } from './kinds.js';
import { petaniRoutes, userRoutes } from './member-routes.js';
import { peopleRoutes } from './routes.js';
import { verifyRoleRoutes, verifyRoutes } from './verification.js';

/** Accounts: admin management (/admin, /admin/users, /admin/petani, /admin/mitra, verification) and GET /petani/{id}, /user/{id}. */
const module: ApiModule = {
  admin: {
    // `/admin/{id}` takes digits only, so it never answers for `/admin/users`, `/admin/stats`, ….
    '': peopleRoutes(ADMINS, { idPath: '/:id(^\\d+$)' }),
    '/users': peopleRoutes(USERS),
    '/petani': peopleRoutes(PETANI),
    '/mitra': peopleRoutes(MITRA),
    '/verify': verifyRoutes,
    '/verify-role': verifyRoleRoutes,
  },
  api: { '/petani': petaniRoutes, '/user': userRoutes },
};
export default module;
