import { useEffect, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import {
  useAdminDataProvider,
  type District,
  type Province,
  type SubDistrict,
} from '../../providers/dataProvider';

type Key = number | null | true;

/**
 * Loads a list when `key` is set. The answer (items, or the failure described by `describe`) belongs to
 * its key: a new key drops the previous answer at once, and a later success clears an earlier failure.
 */
function useLoaded<T>(key: Key, load: () => Promise<T[]>, describe: (failure: unknown) => string) {
  const [state, setState] = useState<{ key: Key; items: T[]; error: string | null }>({
    key: null,
    items: [],
    error: null,
  });
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    load().then(
      (items) => !cancelled && setState({ key, items, error: null }),
      (failure: unknown) => !cancelled && setState({ key, items: [], error: describe(failure) }),
    );
    return () => {
      cancelled = true;
    };
    // `load` and `describe` are recreated each render; the key alone decides when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = key !== null && state.key === key;
  return { items: current ? state.items : [], error: current ? state.error : null };
}

/**
 * The province → district → sub-district choices for the chosen parents (GET /admin/province, …/districts,
 * …/sub-districts); a load failure is reported through `error`.
 */
export function useAreaChoices(provinceId: number | null, districtId: number | null) {
  const dataProvider = useAdminDataProvider();
  const translate = useTranslate();
  const messageOf = (failure: unknown) =>
    failure instanceof Error && failure.message ? failure.message : translate('tm.location.unknown_error');
  const failed = (type: string) => (failure: unknown) =>
    translate('tm.location.areas_failed', { type, message: messageOf(failure) });
  const provinces = useLoaded<Province>(
    true,
    () => dataProvider.getProvinces(),
    (failure) =>
      failure instanceof HttpError && failure.status === 0
        ? translate('tm.location.provinces_network')
        : translate('tm.location.provinces_failed', { message: messageOf(failure) }),
  );
  const districts = useLoaded<District>(
    provinceId,
    () => dataProvider.getDistricts(provinceId as number),
    failed(translate('tm.location.types.district')),
  );
  const subDistricts = useLoaded<SubDistrict>(
    districtId,
    () => dataProvider.getSubDistricts(districtId as number),
    failed(translate('tm.location.types.sub_district')),
  );
  return {
    provinces: provinces.items,
    districts: districts.items,
    subDistricts: subDistricts.items,
    error: provinces.error ?? districts.error ?? subDistricts.error,
  };
}
