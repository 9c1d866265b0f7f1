import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section>
      <div className="container section-title">
        <p className="icon" aria-hidden="true" style={{ margin: '0 auto' }}>
          🌾
        </p>
        <h1>Halaman Tidak Ditemukan</h1>
        <p>Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
        <div className="actions" style={{ justifyContent: 'center' }}>
          <Link to="/" className="btn btn-primary">
            Kembali ke Beranda
          </Link>
          <Link to="/help" className="btn btn-outline">
            Pusat Bantuan
          </Link>
        </div>
      </div>
    </section>
  );
}
