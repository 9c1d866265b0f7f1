import { HttpError, useTranslate } from 'react-admin';
import { useProvinces } from '../../components/useProvinces';
import { useAdminQuery } from '../../providers/useAdminQuery';

/**
 * The province → district → sub-district choices for the chosen parents (GET /admin/province, …/districts,
 * …/sub-districts). Each answer belongs to its parent: choosing another parent drops the previous answer
 * at once, and a load failure is reported through `error` until that parent is left.
 */
export function useAreaChoices(provinceId: number | null, districtId: number | null) {
  const translate = useTranslate();
  const provinces = useProvinces();
  const districts = useAdminQuery(
    ['getDistricts', provinceId],
    (dataProvider) => dataProvider.getDistricts(provinceId as number),
    provinceId !== null,
  );
  const subDistricts = useAdminQuery(
    ['getSubDistricts', districtId],
    (dataProvider) => dataProvider.getSubDistricts(districtId as number),
    districtId !== null,
  );
  const messageOf = (failure: Error) => failure.message || translate('tm.location.unknown_error');
  const failed = (type: string, failure: Error) =>
    translate('tm.location.areas_failed', {
      type: translate(`tm.location.types.${type}`),
      message: messageOf(failure),
    });
  let error: string | null = null;
  if (provinces.error)
    error =
      provinces.error instanceof HttpError && provinces.error.status === 0
        ? translate('tm.location.provinces_network')
        : translate('tm.areas.provinces_failed', { message: messageOf(provinces.error) });
  else if (provinceId !== null && districts.error) error = failed('district', districts.error);
  else if (districtId !== null && subDistricts.error) error = failed('sub_district', subDistricts.error);
  return {
    provinces: provinces.data ?? [],
    districts: (provinceId !== null && districts.data) || [],
    subDistricts: (districtId !== null && subDistricts.data) || [],
    error,
  };
}
