import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useAdminDataProvider, type AdminDataProvider } from './dataProvider';

/**
 * A read through one of the data provider's custom methods, in react-admin's query cache: one request per
 * key however many screens ask, answers kept between visits. Like react-admin's own list and edit
 * controllers, a failure is shown at once instead of being retried.
 */
export function useAdminQuery<T>(
  queryKey: QueryKey,
  read: (dataProvider: AdminDataProvider) => Promise<T>,
  enabled = true,
) {
  const dataProvider = useAdminDataProvider();
  return useQuery({ queryKey, queryFn: () => read(dataProvider), enabled, retry: false });
}
