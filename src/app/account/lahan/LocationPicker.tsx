import { useState } from 'react';
import { SelectField, type Choice } from '../SelectField';
import { areaChoices } from './api';
import { useChoices } from './useChoices';

// The province list has no parent: a constant stands in for it.
const ALL = 'all';
const provinces = () => areaChoices.provinces();

/** The names of a place's areas, as a lahan record carries them (it has the location's id, not theirs). */
export interface PlaceNames {
  province_name?: string | null;
  district_name?: string | null;
  sub_district_name?: string | null;
}

const idNamed = (choices: Choice[], name: string | null | undefined) =>
  String(choices.find((c) => c.label === name)?.value ?? '');

/**
 * Province → kabupaten/kota → kecamatan → location, each list loaded when its parent is chosen; changing a
 * parent clears the choices below it. `value` is the chosen location's id ('' while none). `place` opens it on
 * an existing lahan's areas, each level chosen by its name as soon as its list has come.
 */
export function LocationPicker({
  idPrefix,
  value,
  onChange,
  error,
  hint,
  disabled,
  place,
}: {
  idPrefix: string;
  value: string;
  onChange: (locationId: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  place?: PlaceNames;
}) {
  const [province, setProvince] = useState('');
  const [district, setDistrict] = useState('');
  const [subDistrict, setSubDistrict] = useState('');
  // Until the person chooses, each level shows the lahan's own area once its list has come.
  const [chosenByHand, setChosenByHand] = useState(!place);
  const shown = (chosen: string, list: { choices: Choice[] }, name?: string | null) =>
    chosen || (chosenByHand ? '' : idNamed(list.choices, name));
  const provinceList = useChoices('province', provinces, ALL);
  const provinceId = shown(province, provinceList, place?.province_name);
  const districtList = useChoices('district', areaChoices.districts, provinceId);
  const districtId = shown(district, districtList, place?.district_name);
  const subDistrictList = useChoices('sub-district', areaChoices.subDistricts, districtId);
  const subDistrictId = shown(subDistrict, subDistrictList, place?.sub_district_name);
  const locationList = useChoices('location', areaChoices.locations, subDistrictId);
  const levels = [provinceList, districtList, subDistrictList, locationList];
  const loadError = levels.find((l) => l.error)?.error;
  // The error goes under the first list still to choose from, which can take the focus.
  const shownError = error ?? loadError;
  const errorAt = !provinceId ? 0 : !districtId ? 1 : !subDistrictId ? 2 : 3;
  const errorOf = (level: number) => (level === errorAt ? shownError : undefined);
  const choose = (set: (v: string) => void, clear: ((v: string) => void)[]) => (v: string) => {
    // What is shown becomes the choice, so that changing one level keeps those above it.
    setChosenByHand(true);
    setProvince(provinceId);
    setDistrict(districtId);
    setSubDistrict(subDistrictId);
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
        value={provinceId}
        error={errorOf(0)}
        onChange={(e) => choose(setProvince, [setDistrict, setSubDistrict, onChange])(e.target.value)}
      />
      <SelectField
        label="Kabupaten/Kota"
        id={`${idPrefix}-district`}
        placeholder={provinceId ? 'Pilih kabupaten/kota' : 'Pilih provinsi dahulu'}
        choices={districtList.choices}
        value={districtId}
        error={errorOf(1)}
        disabled={!provinceId}
        onChange={(e) => choose(setDistrict, [setSubDistrict, onChange])(e.target.value)}
      />
      <SelectField
        label="Kecamatan"
        id={`${idPrefix}-sub-district`}
        placeholder={districtId ? 'Pilih kecamatan' : 'Pilih kabupaten/kota dahulu'}
        choices={subDistrictList.choices}
        value={subDistrictId}
        error={errorOf(2)}
        disabled={!districtId}
        onChange={(e) => choose(setSubDistrict, [onChange])(e.target.value)}
      />
      <SelectField
        label="Desa/Lokasi"
        id={`${idPrefix}-location`}
        placeholder={subDistrictId ? 'Pilih lokasi' : 'Pilih kecamatan dahulu'}
        choices={locationList.choices}
        value={value}
        disabled={!subDistrictId}
        hint={
          subDistrictId && !locationList.loading && locationList.choices.length === 0
            ? 'Belum ada lokasi di kecamatan ini. Pilih kecamatan lain atau hubungi admin.'
            : hint
        }
        error={errorOf(3)}
        onChange={(e) => onChange(e.target.value)}
      />
    </fieldset>
  );
}
