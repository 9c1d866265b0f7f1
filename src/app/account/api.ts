import { MAX_PAGE_SIZE } from '../../shared/constants';
import { http, listResult, unwrap } from '../api/client';
import { saveUserSession, type SessionProfile } from '../api/session';
import type { Gps } from '../map/boundary';

/** The signed-in petani's or mitra's record (docs/API.md: User + Petani/Mitra fields). */
export interface Me extends SessionProfile {
  full_name: string;
  username: string | null;
  phone: string | null;
  status_verifikasi: boolean;
  nik?: string | null;
  alamat?: string | null;
  company_name?: string | null;
  company_address?: string | null;
  company_position?: string | null;
  /** Document URLs (`/api/v1/documents/{id}`) or null while not uploaded. */
  ktp?: string | null;
  verifikasi_ktp?: string | null;
  supporting_documents?: string | null;
  loa_file?: string | null;
}

export interface MyLahan {
  id: number;
  nama_lahan: string;
  luas_lahan: number;
  address_lahan: string | null;
  location_id?: number | null;
  location_name: string | null;
  sub_district_name?: string | null;
  district_name?: string | null;
  province_name?: string | null;
  category_id?: number | null;
  category_name?: string | null;
  url_image?: string[];
  status: string;
  /** The boundary (Polygon), a pin (Point) or null; luas_terukur is the server's measure of a Polygon, m². */
  gps?: Gps;
  luas_terukur?: number | null;
  luas_berbeda?: boolean;
}

export type ProfileChanges = Partial<
  Pick<
    Me,
    | 'full_name'
    | 'email'
    | 'phone'
    | 'nik'
    | 'alamat'
    | 'company_name'
    | 'company_address'
    | 'company_position'
  >
>;

export async function signIn(email: string, password: string): Promise<Me> {
  const data = unwrap<{ token: string; refreshToken: string; user: Me }>(
    await http.post('/auth/signin', { email, password }),
  );
  saveUserSession(data);
  return data.user;
}

/** The fields of POST /auth/signup (docs/API.md "Auth"); optional ones left out when empty. */
export type SignupDetails = Pick<Me, 'full_name' | 'email'> &
  Omit<ProfileChanges, 'full_name' | 'email'> & { role: 'petani' | 'mitra'; password: string };

/** Creates the account and keeps its session, as a sign-in does. */
export async function signUp(details: SignupDetails): Promise<Me> {
  const data = unwrap<{ token: string; refreshToken: string; user: Me }>(
    await http.post('/auth/signup', details),
  );
  saveUserSession(data);
  return data.user;
}

export async function signOut(refreshToken: string | null) {
  await http.post('/auth/signout', refreshToken ? { refreshToken } : {});
}

export const fetchMe = async () => unwrap<Me>(await http.get('/user/me'));

export const updateMe = async (changes: ProfileChanges) => unwrap<Me>(await http.put('/user/me', changes));

export const fetchMyLahan = async () =>
  listResult<MyLahan>(await http.get('/lahan/my', { params: { limit: MAX_PAGE_SIZE } })).data;

/** Saves a file the API answers (a GET) under the name its Content-Disposition gives, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string) {
  const response = await http.get<Blob>(path, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return name;
}

/** Downloads the JSON export under the server's file name. */
export const downloadMyData = () => downloadFile('/user/me/export', 'tanimitra-data.json');

export async function deleteAccount(password: string) {
  await http.delete('/user/me', { data: { password } });
}
