import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { http, listResult, unwrap } from '../../api/client';
import { API_BASE_PATH } from '../../../shared/constants';
import { uploadBody } from '../documents/api';
import type { Gps } from '../../map/boundary';
import type { Choice } from '../SelectField';

/** A lahan as the petani edits it (docs/API.md "Lahan"). */
export interface LahanChanges {
  nama_lahan: string;
  luas_lahan: number;
  address_lahan: string;
  location_id: number;
  category_id: number;
  url_image: string[];
  /** The boundary drawn or walked on the map (a Polygon), a pin, or null for none. */
  gps: Gps;
}

export const createLahan = async (lahan: LahanChanges) =>
  unwrap<{ id: number }>(await http.post('/lahan', lahan));

export const updateLahan = async (id: number, changes: Partial<LahanChanges>) =>
  unwrap<{ id: number }>(await http.put(`/lahan/${id}`, changes));

/** An uploaded lahan photo's address (`/api/v1/lahan/{id}/photos/{photoId}`), as `url_image` lists it. */
export const isStoredPhoto = (url: string) => url.startsWith(`${API_BASE_PATH}/lahan/`);
const apiPath = (url: string) => url.slice(API_BASE_PATH.length);

/** POST /lahan/{id}/photos: the photo is stored on the server and added to the lahan's url_image. */
export const uploadLahanPhoto = async (lahanId: number, file: File) =>
  unwrap<{ url: string }>(await http.post(`/lahan/${lahanId}/photos`, await uploadBody(file)));

export const deleteLahanPhoto = async (url: string) => unwrap(await http.delete(apiPath(url)));

/** An uploaded photo's bytes (read with the session's token: it has no public address). */
export const fetchLahanPhoto = async (url: string) =>
  (await http.get<Blob>(apiPath(url), { responseType: 'blob' })).data;

const choices = <T>(rows: T[], id: (row: T) => number, label: (row: T) => string): Choice[] =>
  rows.map((row) => ({ value: id(row), label: label(row) }));

/** The choices of the lahan form: the area hierarchy, the locations of a kecamatan and the land categories. */
export const areaChoices = {
  provinces: async () =>
    choices(
      unwrap<{ id: number; province_name: string }[]>(await http.get('/province')),
      (p) => p.id,
      (p) => p.province_name,
    ),
  districts: async (provinceId: string) =>
    choices(
      unwrap<{ id: number; district_name: string }[]>(await http.get(`/province/${provinceId}/districts`)),
      (d) => d.id,
      (d) => d.district_name,
    ),
  subDistricts: async (districtId: string) =>
    choices(
      unwrap<{ id: number; sub_district_name: string }[]>(
        await http.get(`/district/${districtId}/sub-districts`),
      ),
      (s) => s.id,
      (s) => s.sub_district_name,
    ),
  locations: async (subDistrictId: string) =>
    choices(
      listResult<{ id: number; location_name: string }>(
        await http.get('/location', {
          params: {
            sub_district_id: subDistrictId,
            limit: MAX_PAGE_SIZE,
            sort: 'location_name',
            order: 'asc',
          },
        }),
      ).data,
      (l) => l.id,
      (l) => l.location_name,
    ),
};

export const categoryChoices = async () =>
  choices(
    listResult<{ id: number; type_name: string }>(
      await http.get('/category', { params: { limit: MAX_PAGE_SIZE } }),
    ).data,
    (c) => c.id,
    (c) => c.type_name,
  );
