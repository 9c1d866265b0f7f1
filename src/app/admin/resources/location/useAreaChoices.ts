import { useEffect, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import {
  useAdminDataProvider,
  type District,
  type Province,
  type SubDistrict,
} from '../../providers/dataProvider';

/** Loads a list when `key` is set; a new key drops the previous answer at once. */
function useLoaded<T>(
  key: number | null | true,
  load: () => Promise<T[]>,
  onError: (error: unknown) => void,
) {
  const [state, setState] = useState<{ key: number | null | true; items: T[] }>({ key: null, items: [] });
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    load().then(
      (items) => !cancelled && setState({ key, items }),
      (error: unknown) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
    };
    // `load` and `onError` are recreated each render; the key alone decides when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key && key !== null ? state.items : [];
}

/**
 * The province → district → sub-district choices for the chosen parents (GET /admin/province, …/districts,
 * …/sub-districts); a load failure is reported through `error`.
 */
export function useAreaChoices(provinceId: number | null, districtId: number | null) {
  const dataProvider = useAdminDataProvider();
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const failed = (type: string) => (failure: unknown) =>
    setError(
      translate('tm.location.areas_failed', {
        type,
        message:
          failure instanceof Error && failure.message
            ? failure.message
            : translate('tm.location.unknown_error'),
      }),
    );
  const provinces = useLoaded<Province>(
    true,
    () => dataProvider.getProvinces(),
    (failure) => {
      if (failure instanceof HttpError && failure.status === 0)
        setError(translate('tm.location.provinces_network'));
      else
        setError(
          translate('tm.location.provinces_failed', {
            message:
              failure instanceof Error && failure.message
                ? failure.message
                : translate('tm.location.unknown_error'),
          }),
        );
    },
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
  return { provinces, districts, subDistricts, error };
}
