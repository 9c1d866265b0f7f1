import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearUserSession, hasUserToken } from '../api/session';
import {
  deleteAccount,
  fetchMe,
  fetchMyLahan,
  signIn,
  signOut,
  signUp,
  updateMe,
  type Me,
  type ProfileChanges,
  type SignupDetails,
} from './api';
import { uploadDocument, type UploadKind } from './documents/api';

/**
 * The react-query keys of /akun. Everything the signed-in person reads sits under `akun`, and the whole cache is
 * cleared when a session starts or ends, so that nobody signing in after someone else in the same tab sees the
 * other's profile, lahan or contracts for a moment.
 */
export const accountKeys = {
  all: ['akun'] as const,
  me: ['akun', 'me'] as const,
  lahan: ['akun', 'lahan'] as const,
  /** Reference lists (areas, categories) by kind and parent. */
  choices: (kind: string, parent = '') => ['akun', 'choices', kind, parent] as const,
  photo: (url: string) => ['akun', 'photo', url] as const,
};

/** Forgets every cached answer (not the mutation under way): at sign-in, sign-up, sign-out and account deletion. */
export const forgetSession = (client: QueryClient) => client.removeQueries();

export const useMe = (enabled = true) => useQuery({ queryKey: accountKeys.me, queryFn: fetchMe, enabled });

export const useMyLahan = (enabled: boolean) =>
  useQuery({ queryKey: accountKeys.lahan, queryFn: fetchMyLahan, enabled });

/** A mutation that starts a session (sign-in, sign-up): its success empties the cache. */
function useSessionStart<V, R>(start: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: start, onSuccess: () => forgetSession(client) });
}

export const useSignIn = () =>
  useSessionStart(({ email, password }: { email: string; password: string }) => signIn(email, password));

export const useSignUp = () => useSessionStart((details: SignupDetails) => signUp(details));

/** Sign-out ends the session on the server; a failure there still signs out here (useEndSession). */
export const useSignOut = () =>
  useMutation({ mutationFn: (refreshToken: string | null) => signOut(refreshToken).catch(() => undefined) });

export const useDeleteAccount = () =>
  useMutation({ mutationFn: (password: string) => deleteAccount(password) });

/**
 * After a sign-out or the account's deletion: the tokens go and /login says `notice`. The cache is emptied when
 * the page is gone without a session: emptied under the open page, its reads would start again, signed out.
 */
export function useEndSession() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () => () => {
      if (!hasUserToken()) forgetSession(client);
    },
    [client],
  );
  return (notice: string) => {
    clearUserSession();
    navigate('/login', { replace: true, state: { notice } });
  };
}

/** PUT /user/me: the answer is the new profile. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateMe(changes),
    onSuccess: (me: Me) => client.setQueryData(accountKeys.me, me),
  });
}

/** A verification document: the profile (its document fields and status) is read again before this resolves. */
export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: UploadKind; file: File }) => uploadDocument(kind, file),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.me }),
  });
}
