import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';

/* Part of MESSAGES (../messages.ts): accounts and people — sign-up and self-service, the people lists,
   sessions, personal documents. */

/** Sign-up and account self-service (per-field validation and outcomes). */
export const account = {
  notForRole: 'Kolom ini tidak berlaku untuk peran akun ini',
  probeRateLimited: 'Terlalu banyak perubahan email, username atau NIK. Coba lagi nanti.',
  passwordTriesLimited: 'Terlalu banyak kata sandi salah di sesi ini. Coba lagi nanti.',
  invalidData: 'Data akun tidak valid',
  roleInvalid: "Peran harus 'petani' atau 'mitra'",
  fullNameRequired: 'Nama lengkap wajib diisi',
  emailRequired: 'Email wajib diisi',
  passwordRequired: 'Password wajib diisi',
  passwordRules: `Password minimal ${PASSWORD_MIN} karakter dan harus mengandung huruf dan angka`,
  passwordTooLong: `Password maksimal ${PASSWORD_MAX} karakter`,
  phoneFormat:
    'Nomor telepon tidak valid: tulis nomor lengkap, misalnya 0812-3456-7890 atau +62 812-3456-7890 (nomor luar negeri dengan +kode negara)',
  nikFormat: 'NIK harus terdiri dari 16 digit angka',
  nikArea: (code: string) => `NIK tidak valid: kode wilayah ${code} tidak dikenal`,
  nikBirthDate: (date: string) => `NIK tidak valid: tanggal lahir ${date} tidak ada`,
  nikSerial: 'NIK tidak valid: nomor urut (4 digit terakhir) tidak boleh 0000',
  usernameFormat: 'Username 3 sampai 32 karakter: huruf kecil, angka, titik atau garis bawah',
  tooLong: (label: string, max: number) => `${label} maksimal ${max} karakter`,
  emailTaken: 'Email sudah terdaftar',
  nikTaken: 'NIK sudah terdaftar',
  usernameTaken: 'Username sudah dipakai',
  currentPasswordWrong: 'Password saat ini salah',
  passwordWrong: 'Password salah',
  signupSuccess: 'Pendaftaran berhasil',
  profileUpdated: 'Profil diperbarui',
  passwordChanged: 'Password berhasil diubah',
  accountDeleted: 'Akun telah dihapus',
  lastAdmin: 'Admin terakhir tidak dapat menghapus akunnya',
} as const;

/** Admin management of people (/admin, /admin/users, /admin/petani, /admin/mitra, verification). */
export const people = {
  roleInvalid: "Role must be 'admin', 'petani' or 'mitra'",
  statusInvalid: 'status_verifikasi must be true or false',
  cannotDeleteSelf: 'You cannot delete your own account here; use your profile settings',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastAdmin: 'The last admin cannot be removed',
  roleChangeBlocked: (role: string, lahan: number, contracts: number) =>
    `This ${role} still has ${lahan} lahan and ${contracts} contract(s); the role cannot be changed`,
  verifyRoleMembersOnly: 'Only petani and mitra accounts have a role verification',
  roleFixed: (role: string) => `Only ${role} accounts are here; change a role through /admin/users`,
  verified: 'User verified',
  verificationUpdated: 'Verification status updated',
  /** 403 for an unverified mitra on every route that shows a petani (or their lahan). */
  mitraUnverified: 'Akun mitra belum diverifikasi admin',
} as const;

/** Sessions: member sign-in, sign-out, refresh and the bearer token. */
export const session = {
  loginSuccess: 'Login berhasil',
  logoutSuccess: 'Logout berhasil',
  tokenRefreshed: 'Token refreshed',
  tokenExpired: 'Token has expired',
  invalidToken: 'Invalid token',
  authRequired: 'Authentication required',
  refreshTokenRequired: 'refreshToken is required',
  refreshTokenInvalid: (max: number) => `refreshToken must be a text of at most ${max} characters`,
} as const;

/** Personal documents (PUT /user/me/documents/{kind}, the account export). */
export const document = {
  notForRole: (kind: string, role: string) => `Dokumen '${kind}' tidak tersedia untuk peran ${role}`,
  kindsForRole: (role: string, kinds: string) => `Peran ${role} hanya dapat mengunggah: ${kinds}`,
  pdfOnlyForLoa: 'PDF hanya untuk dokumen LOA; unggah gambar JPEG, PNG atau WebP',
  fileNameRequired: 'Nama berkas wajib diisi',
  mimeTypeInvalid: (types: string) => `mime_type harus salah satu dari: ${types}`,
  base64Invalid: 'content_base64 bukan data base64 yang valid',
  empty: 'Berkas kosong',
  tooLarge: (mb: number) => `Ukuran berkas maksimal ${mb} MB`,
  contentMismatch: (mime: string) => `Isi berkas bukan ${mime}`,
  saved: 'Dokumen tersimpan',
  accountData: 'Data akun',
} as const;
