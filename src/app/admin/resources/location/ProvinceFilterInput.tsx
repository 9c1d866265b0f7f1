import { useEffect, useState } from 'react';
import { SelectInput } from 'react-admin';
import { useAdminDataProvider, type Province } from '../../providers/dataProvider';

/** A province_id filter over GET /admin/province. */
export function ProvinceFilterInput({ source, label }: { source: string; label?: string }) {
  const dataProvider = useAdminDataProvider();
  const [provinces, setProvinces] = useState<Province[]>();
  useEffect(() => {
    let cancelled = false;
    dataProvider.getProvinces().then(
      (list) => !cancelled && setProvinces(list),
      () => !cancelled && setProvinces([]),
    );
    return () => {
      cancelled = true;
    };
  }, [dataProvider]);
  return (
    <SelectInput
      source={source}
      label={label}
      choices={provinces ?? []}
      optionText="province_name"
      isPending={!provinces}
    />
  );
}
