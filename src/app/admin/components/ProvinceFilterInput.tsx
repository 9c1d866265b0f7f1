import { SelectInput, useTranslate } from 'react-admin';
import { useProvinces } from './useProvinces';

/** A province_id filter over GET /admin/province. */
export function ProvinceFilterInput({ source, label }: { source: string; label?: string }) {
  const translate = useTranslate();
  const provinces = useProvinces();
  return (
    <SelectInput
      source={source}
      label={label}
      choices={provinces.data ?? []}
      optionText="province_name"
      isPending={provinces.isPending}
      helperText={
        provinces.error ? translate('tm.areas.provinces_failed', { message: provinces.error.message }) : false
      }
    />
  );
}
