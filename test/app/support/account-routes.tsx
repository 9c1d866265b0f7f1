import { cleanup } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AccountPage from '../../../src/app/account/AccountPage';
import ContractScreen from '../../../src/app/account/contracts/ContractScreen';
import LoginPage from '../../../src/app/account/LoginPage';
import SignupPage from '../../../src/app/account/signup/SignupPage';
import VerifyPage from '../../../src/app/verify/VerifyPage';
import TracePage from '../../../src/app/trace/TracePage';
import { createQueryClient, QueryProvider } from '../../../src/app/api/queryClient';
import { renderStyled } from '../styles';

/**
 * The petani's and mitra's pages (src/app/main.tsx's routes for them) at `path`, with their CSS, after clearing
 * what the test before rendered: the account tests move between them as a person does. Each render has a fresh
 * react-query cache, as a page load has (main.tsx provides the one cache around these routes).
 */
export function renderAccountAt(path: string) {
  cleanup();
  return renderStyled(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/daftar" element={<SignupPage />} />
            <Route path="/akun" element={<AccountPage />} />
            <Route path="/akun/kontrak/:id" element={<ContractScreen />} />
            <Route path="/verifikasi" element={<VerifyPage />} />
            <Route path="/verifikasi/:code" element={<VerifyPage />} />
            <Route path="/lacak" element={<TracePage />} />
            <Route path="/lacak/:lot" element={<TracePage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryProvider>,
  );
}
