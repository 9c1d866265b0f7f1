import { useState } from 'react';
import { SelectField } from '../SelectField';
import { areaChoices } from './api';
import { useChoices } from './useChoices';

// The province list has no parent: a constant stands in for it.
const ALL = 'all';
const provinces = () => areaChoices.provinces();

/**
 * Province → kabupaten/kota → kecamatan → location, each list loaded when its parent is chosen; changing a
 * parent clears the choices below it. `value` is the chosen location's id ('' while none).
 */
export function LocationPicker({
  idPrefix,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  idPrefix: string;
  value: string;
  onChange: (locationId: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  const [province, setProvince] = useState('');
  const [district, setDistrict] = useState('');
  const [subDistrict, setSubDistrict] = useState('');
  const provinceList = useChoices(provinces, ALL);
  const districtList = useChoices(areaChoices.districts, province);
  const subDistrictList = useChoices(areaChoices.subDistricts, district);
  const locationList = useChoices(areaChoices.locations, subDistrict);
  const levels = [provinceList, districtList, subDistrictList, locationList];
  const loadError = levels.find((l) => l.error)?.error;
  // The error goes under the first list still to choose from, which can take the focus.
  const shownError = error ?? loadError;
  const errorAt = !province ? 0 : !district ? 1 : !subDistrict ? 2 : 3;
  const errorOf = (level: number) => (level === errorAt ? shownError : undefined);
  const choose = (set: (v: string) => void, clear: ((v: string) => void)[]) => (v: string) => {
    set(v);
    for (const c of clear) c('');
  };

  return (
    <fieldset className="field choice-group" disabled={disabled}>
      <legend>Lokasi lahan</legend>
      <SelectField
        label="Provinsi"
        id={`${idPrefix}-province`}
        placeholder="Pilih provinsi"
        choices={provinceList.choices}
        value={province}
        error={errorOf(0)}
        onChange={(e) => choose(setProvince, [setDistrict, setSubDistrict, onChange])(e.target.value)}
      />
      <SelectField
        label="Kabupaten/Kota"
        id={`${idPrefix}-district`}
        placeholder={province ? 'Pilih kabupaten/kota' : 'Pilih provinsi dahulu'}
        choices={districtList.choices}
        value={district}
        error={errorOf(1)}
        disabled={!province}
        onChange={(e) => choose(setDistrict, [setSubDistrict, onChange])(e.target.value)}
      />
      <SelectField
        label="Kecamatan"
        id={`${idPrefix}-sub-district`}
        placeholder={district ? 'Pilih kecamatan' : 'Pilih kabupaten/kota dahulu'}
        choices={subDistrictList.choices}
        value={subDistrict}
        error={errorOf(2)}
        disabled={!district}
        onChange={(e) => choose(setSubDistrict, [onChange])(e.target.value)}
      />
      <SelectField
        label="Desa/Lokasi"
        id={`${idPrefix}-location`}
        placeholder={subDistrict ? 'Pilih lokasi' : 'Pilih kecamatan dahulu'}
        choices={locationList.choices}
        value={value}
        disabled={!subDistrict}
        hint={
          subDistrict && !locationList.loading && locationList.choices.length === 0
            ? 'Belum ada lokasi di kecamatan ini. Pilih kecamatan lain atau hubungi admin.'
            : hint
        }
        error={errorOf(3)}
        onChange={(e) => onChange(e.target.value)}
      />
    </fieldset>
  );
}
