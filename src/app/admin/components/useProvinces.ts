import { useAdminQuery } from '../providers/useAdminQuery';

/** GET /admin/province, shared by the province filter and the location form. */
export const useProvinces = () =>
  useAdminQuery(['getProvinces'], (dataProvider) => dataProvider.getProvinces());
