import type { ApiModule } from '../module.js';
import { ADMINS, MITRA, PETANI, USERS } from './kinds.js';
import { memberRoutes } from './member-routes.js';
import { peopleRoutes } from './routes.js';
import { verificationRoutes } from './verification.js';

/** Accounts: admin management (/admin, /admin/users, /admin/petani, /admin/mitra, verification) and GET /petani/{id}, /user/{id}. */
const module: ApiModule = {
  admin: async (admin) => {
    // `/admin/{id}` takes digits only, so it never answers for `/admin/users`, `/admin/stats`, ….
    await admin.register(peopleRoutes(ADMINS, { idPath: '/:id(^\\d+$)' }));
    await admin.register(peopleRoutes(USERS), { prefix: '/users' });
    await admin.register(peopleRoutes(PETANI), { prefix: '/petani' });
    await admin.register(peopleRoutes(MITRA), { prefix: '/mitra' });
    await admin.register(verificationRoutes);
  },
  api: memberRoutes,
};
export default module;
